import type { Period } from '../../ports/insight-store.ts';
import { invalidBody } from '../errors.ts';
import { parseIsoTime } from '../iso-time.ts';

/** Without `from`, a period starts this long before its end (and ends now without `to`). */
export const DEFAULT_PERIOD_DAYS = 30;
const DAY = 86_400_000;
/** The longest period one request covers (a year and a day). */
export const PERIOD_MAX_DAYS = 366;

/**
 * [from, to) in epoch milliseconds from ISO times; 400 INVALID_BODY when one is not a time (or names
 * a day its month does not have, which Date.parse would roll into the next month), or when the
 * period is empty or too long.
 */
export function toPeriod(now: number, input: { from?: string; to?: string }): Period {
  // Without `to`, the period includes this very millisecond.
  const to = input.to === undefined ? now + 1 : parseIsoTime(input.to);
  const from = input.from === undefined ? to - DEFAULT_PERIOD_DAYS * DAY : parseIsoTime(input.from);
  const problems: Record<string, string[]> = {};
  if (Number.isNaN(from)) problems.from = ['must be an ISO 8601 date-time'];
  if (Number.isNaN(to)) problems.to = ['must be an ISO 8601 date-time'];
  else if (!Number.isNaN(from) && from >= to) problems.from = ['must be before `to`'];
  else if (!Number.isNaN(from) && to - from > PERIOD_MAX_DAYS * DAY)
    problems.from = [`the period is at most ${PERIOD_MAX_DAYS} days`];
  if (Object.keys(problems).length > 0) throw invalidBody(problems, 'The period is not valid.');
  return { from, to };
}
