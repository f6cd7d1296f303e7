// What CLI commands share: the operator's view of an account, and option parsing helpers.
import type { DomainDeps, RequestContext } from '../domain/context.ts';
import { operatorContext } from '../domain/context.ts';
import { AppError, isAppError, type ValidationList } from '../domain/errors.ts';
import { PLAN_NAMES, type PlanName } from '../ports/account-store.ts';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../domain/pagination.ts';
import { DECIMAL_INTEGER } from '../domain/whole-number.ts';
import type { PageRequest } from '../ports/page.ts';
import { UsageError } from './cli-error.ts';

export type Options = Record<string, string | undefined>;

export function required(options: Options, name: string): string {
  const value = options[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

// Number() also reads "0x10", "0b11" and "0o7": a top-up or quota typed so would be another amount.
const DECIMAL_NUMBER = /^\s*[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\s*$/;

/** A number option in decimal notation (credits, quotas), as the API's JSON numbers are written. */
export function optionalNumber(options: Options, name: string): number | undefined {
  const text = options[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) throw new UsageError(`--${name} must be a number, got "${text}"`);
  if (!DECIMAL_NUMBER.test(text)) throw new UsageError(`--${name} must be a decimal number, got "${text}"`);
  return value;
}

/** A whole-number option, read only from decimal digits as the API's query is (whole-number.ts). */
export function optionalWholeNumber(options: Options, name: string): number | undefined {
  const text = options[name];
  if (text === undefined) return undefined;
  if (!DECIMAL_INTEGER.test(text)) throw new UsageError(`--${name} must be a whole number, got "${text}"`);
  return Number(text);
}

/** `--page` (1 to PAGE_MAX, default 1) and `--size` (1 to PAGE_SIZE_MAX, default PAGE_SIZE_DEFAULT),
 * as the API's list endpoints take them. */
export function pageOptions(options: Options): PageRequest {
  const page = optionalWholeNumber(options, 'page') ?? 1;
  const size = optionalWholeNumber(options, 'size') ?? PAGE_SIZE_DEFAULT;
  if (page < 1 || page > PAGE_MAX || size < 1 || size > PAGE_SIZE_MAX)
    throw new UsageError(`--page must be 1 to ${PAGE_MAX} and --size 1 to ${PAGE_SIZE_MAX}`);
  return { page, size };
}

export function optionalList(options: Options, name: string): string[] | undefined {
  const text = options[name];
  if (text === undefined) return undefined;
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function parsePlan(text: string | undefined): PlanName {
  const plan = text ?? 'free';
  if (!(PLAN_NAMES as readonly string[]).includes(plan))
    throw new UsageError(`--plan must be one of ${PLAN_NAMES.join(', ')}`);
  return plan as PlanName;
}

export async function accountContext(deps: DomainDeps, accountId: string): Promise<RequestContext> {
  const account = await deps.store.accounts.get(accountId);
  if (!account) throw new AppError('NOT_FOUND', `No account ${accountId}.`);
  return operatorContext(account.id, account.plan);
}

/** Fields the domain names otherwise than the option that sets them. */
const OPTION_OF_FIELD: Record<string, string> = {
  allowedAgentIds: 'agents',
  allowedIps: 'ips',
  allowedOrigins: 'origins',
  expiresAt: 'expires',
  helpMessage: 'help-message',
  password: 'password-file',
  // The admin API's import names the file's text `text`; `tests import` reads it from --file.
  text: 'file',
};

/** Fields inside what one option's file sets: a problem is named by the option, its place in the
 * file kept before the message (`--hours`: `timeZone: must be an IANA time zone …`). */
const OPTION_OF_FIELD_PREFIX: Record<string, string> = { 'handoff.hours': 'hours' };

function optionOf(field: string): { option: string; place: string | null } {
  for (const [prefix, option] of Object.entries(OPTION_OF_FIELD_PREFIX)) {
    if (field === prefix) return { option, place: null };
    if (field.startsWith(`${prefix}.`)) return { option, place: field.slice(prefix.length + 1) };
  }
  return { option: OPTION_OF_FIELD[field] ?? field, place: null };
}

/** An INVALID_BODY as the operator typed it: each field the command has an option for is named by
 * it (`--ips`, not the API's `allowedIps`); other errors, and fields with no option, as they are. */
export function namedByOptions(error: unknown, options: readonly string[]): unknown {
  if (!isAppError(error) || !error.details.list) return error;
  const list: ValidationList = {};
  for (const [field, problems] of Object.entries(error.details.list)) {
    const { option, place } = optionOf(field);
    const key = options.includes(option) ? `--${option}` : field;
    const said = key !== field && place ? problems.map((problem) => `${place}: ${problem}`) : problems;
    list[key] = [...(list[key] ?? []), ...said];
  }
  return new AppError(error.code, error.message, { ...error.details, list });
}
