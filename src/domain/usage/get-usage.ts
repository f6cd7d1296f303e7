import type { DomainDeps, RequestContext } from '../context.ts';
import { toCredits } from '../credits/units.ts';
import { invalidBody, type ValidationList } from '../errors.ts';
import { toBalanceView, type BalanceView } from './balance-view.ts';
import { parseIsoTime } from '../iso-time.ts';
import type { Store } from '../../ports/store.ts';

export const DAY_MS = 86_400_000;
export const USAGE_DEFAULT_DAYS = 30;
export const USAGE_MAX_DAYS = 366;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// RFC 3339: any number of decimals of a second (Python's isoformat() writes six), `t` and `z` in
// either case.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;
// `period` shows the bounds as RFC 3339 date-times, whose four-digit years end here: past them
// (9999-12-31 as an inclusive date ends at 10000-01-01) toISOString writes +010000-… or -000001-….
const FIRST_INSTANT = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

export interface UsageQuery {
  from?: string;
  to?: string;
}

export interface UsageReport {
  balance: BalanceView;
  period: { from: string; to: string };
  used: {
    total: number;
    byDay: Array<{ date: string; credits: number }>;
    byAgent: Array<{ agentId: string; name: string | null; credits: number }>;
    byKey: Array<{ keyId: string; name: string | null; credits: number }>;
  };
}

/** A date (a whole UTC day) or a date-time; `end` makes a date mean the end of that day. */
function parseInstant(text: string, end: boolean): number | null {
  if (DATE_ONLY.test(text)) {
    const start = parseIsoTime(`${text}T00:00:00.000Z`);
    if (Number.isNaN(start)) return null;
    return end ? start + DAY_MS : start;
  }
  if (DATE_TIME.test(text)) {
    const at = parseIsoTime(text);
    if (Number.isNaN(at)) return null;
    // Date.parse drops the digits past the millisecond; charges are stamped in whole milliseconds,
    // so [from, to) holds the same charges with both bounds rounded up to the next one.
    const finer = /\.\d{3}(\d+)/.exec(text)?.[1] ?? '';
    return /[1-9]/.test(finer) ? at + 1 : at;
  }
  return null;
}

// A date-time without its zone is an ISO 8601 date-time too: the words say what is missing.
const NOT_AN_INSTANT = 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with its zone (Z or +hh:mm)';

export function parseUsageRange(query: UsageQuery, now: number): { from: number; to: number } {
  const list: ValidationList = {};
  const to = query.to === undefined ? now : parseInstant(query.to, true);
  // The default start never goes before the first instant a date-time can show.
  const from =
    query.from === undefined
      ? Math.max((to ?? now) - USAGE_DEFAULT_DAYS * DAY_MS, FIRST_INSTANT)
      : parseInstant(query.from, false);
  if (to === null) list.to = [NOT_AN_INSTANT];
  else if (to > LAST_INSTANT) list.to = ['must end by 9999-12-31T23:59:59.999Z (as a date, 9999-12-30 at the latest)'];
  if (from === null) list.from = [NOT_AN_INSTANT];
  else if (from < FIRST_INSTANT) list.from = ['must not be before 0000-01-01T00:00:00Z'];
  if (Object.keys(list).length === 0 && from !== null && to !== null) {
    if (from >= to) list.from = ['must be before to'];
    else if (to - from > USAGE_MAX_DAYS * DAY_MS) list.to = [`must be at most ${USAGE_MAX_DAYS} days after from`];
  }
  if (Object.keys(list).length > 0) throw invalidBody(list, 'The usage range is invalid.');
  return { from: from as number, to: to as number };
}

/** Balance, last refill and credits used (charges less refunds) over [from, to). */
export async function getUsage(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'accounts' | 'agents' | 'credits' | 'keys'> },
  ctx: RequestContext,
  query: UsageQuery,
): Promise<UsageReport> {
  const range = parseUsageRange(query, deps.clock.now());
  const [account, totals, agents, keys] = await Promise.all([
    deps.store.accounts.get(ctx.accountId),
    deps.store.credits.usage(ctx.accountId, range.from, range.to),
    deps.store.agents.list(ctx.accountId, { page: 1, size: 10_000 }),
    deps.store.keys.list(ctx.accountId),
  ]);
  const agentNames = new Map(agents.items.map((agent) => [agent.id, agent.name]));
  const keyNames = new Map(keys.map((key) => [key.id, key.name]));
  const allowed = ctx.key?.allowedAgentIds;
  return {
    balance: toBalanceView(account),
    period: { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString() },
    used: {
      total: toCredits(totals.total),
      byDay: totals.byDay.map((row) => ({
        date: new Date(row.day * DAY_MS).toISOString().slice(0, 10),
        credits: toCredits(row.credits),
      })),
      // A key restricted to some agents sees the account's totals but only its agents by name.
      byAgent: totals.byAgent
        .filter((row) => !allowed || allowed.includes(row.agentId))
        .map((row) => ({
          agentId: row.agentId,
          name: agentNames.get(row.agentId) ?? null,
          credits: toCredits(row.credits),
        })),
      // ... and only its own key's line: the names and spending of the account's other keys are not its business.
      byKey: totals.byKey
        .filter((row) => !allowed || row.keyId === ctx.key?.id)
        .map((row) => ({ keyId: row.keyId, name: keyNames.get(row.keyId) ?? null, credits: toCredits(row.credits) })),
    },
  };
}
