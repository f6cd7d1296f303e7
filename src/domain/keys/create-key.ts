import type { DomainDeps } from '../context.ts';
import type { ApiKeyRecord, KeyKind } from '../../ports/api-key-store.ts';
import { AppError, invalidBody, type ValidationList } from '../errors.ts';
import { CREDIT_AMOUNT_RULES, creditAmountProblem, toMillicredits } from '../credits/units.ts';
import { isValidIpOrCidr } from '../../net/ip-allow-list.ts';
import { KEY_PREFIX, PUBLISHABLE_KEY_PREFIX, displayPrefix, hashKey } from './key-secret.ts';
import type { Store } from '../../ports/store.ts';

export interface CreateKeyInput {
  name: string;
  allowedAgentIds?: string[] | null;
  allowedIps?: string[] | null;
  /** Epoch milliseconds. */
  expiresAt?: number | null;
  /** Credits this key may spend in total. */
  quota?: number | null;
  /** `publishable`: a widget key, for exactly one agent and the origins of `allowedOrigins`. */
  kind?: KeyKind;
  allowedOrigins?: string[] | null;
}

/** A web origin as browsers send it (scheme, host and port, the host in lower case), from what an
 * operator pastes: an address bar's trailing slash or capitals are dropped; a path, a query, a
 * fragment or a user name is not an origin (null). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    return web && value.replace(/\/$/, '').toLowerCase() === url.origin.toLowerCase() ? url.origin : null;
  } catch {
    return null;
  }
}

function checkPublishable(input: CreateKeyInput, list: ValidationList): void {
  if (input.kind !== 'publishable') {
    if (input.allowedOrigins) list.allowedOrigins = ['is only for publishable keys'];
    return;
  }
  if (input.allowedAgentIds?.length !== 1) list.allowedAgentIds = ['a publishable key must name exactly one agent'];
  const origins = input.allowedOrigins ?? [];
  if (origins.length === 0)
    list.allowedOrigins = ['a publishable key must name at least one origin, such as https://www.example.com'];
  const bad = origins.filter((origin) => originOf(origin) === null);
  if (bad.length > 0)
    list.allowedOrigins = bad.map((origin) => `"${origin}" is not an origin (scheme://host[:port], no path)`);
}

/** Creates a key. The plain key is returned this once; only its hash is kept. Problems are listed
 * under the input's field names. */
export async function createKey(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'accounts' | 'agents' | 'keys' | 'widgetSecrets'> },
  accountId: string,
  input: CreateKeyInput,
): Promise<{ record: ApiKeyRecord; key: string; identitySecret?: string }> {
  const list: ValidationList = {};
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) list.name = ['must be 1 to 100 characters'];
  const badIps = (input.allowedIps ?? []).filter((entry) => !isValidIpOrCidr(entry));
  if (badIps.length > 0) list.allowedIps = badIps.map((entry) => `"${entry}" is not an IP address or CIDR range`);
  if (input.expiresAt !== undefined && input.expiresAt !== null) {
    if (!Number.isFinite(input.expiresAt)) list.expiresAt = ['must be an ISO 8601 date-time'];
    else if (input.expiresAt <= deps.clock.now()) list.expiresAt = ['must be in the future'];
  }
  // 0 would be a key that can spend nothing, which GET /validate could not tell from one without a
  // quota (quotaLimit 0): the admin API's schema refuses it too.
  if (input.quota !== undefined && input.quota !== null && (!Number.isFinite(input.quota) || input.quota <= 0))
    list.quota = ['must be more than 0'];
  // Under a thousandth it would be stored as 0: the same key that can spend nothing.
  else if (input.quota !== undefined && input.quota !== null) {
    const problem = creditAmountProblem(input.quota);
    if (problem) list.quota = [CREDIT_AMOUNT_RULES[problem]];
  }
  if (input.allowedAgentIds && input.allowedAgentIds.length === 0)
    list.allowedAgentIds = ['must name at least one agent when given'];
  checkPublishable(input, list);
  if (Object.keys(list).length > 0) throw invalidBody(list);

  if (!(await deps.store.accounts.get(accountId))) throw new AppError('NOT_FOUND', `No account ${accountId}.`);
  if (input.allowedAgentIds) {
    const found = new Set(await deps.store.agents.existingIds(accountId, input.allowedAgentIds));
    const missing = input.allowedAgentIds.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw invalidBody({ allowedAgentIds: missing.map((id) => `"${id}" is not an agent of this account`) });
  }

  const kind = input.kind ?? 'secret';
  const key = (kind === 'publishable' ? PUBLISHABLE_KEY_PREFIX : KEY_PREFIX) + deps.ids.secret(32);
  const record: ApiKeyRecord = {
    id: deps.ids.next('key'),
    accountId,
    name,
    keyHash: hashKey(key),
    keyPrefix: displayPrefix(key),
    allowedAgentIds: input.allowedAgentIds ? [...new Set(input.allowedAgentIds)] : null,
    allowedIps: input.allowedIps && input.allowedIps.length > 0 ? input.allowedIps : null,
    kind,
    allowedOrigins:
      kind === 'publishable' ? [...new Set(input.allowedOrigins?.map((o) => originOf(o) as string))] : null,
    expiresAt: input.expiresAt ?? null,
    quota: input.quota === undefined || input.quota === null ? null : toMillicredits(input.quota),
    usageTotal: 0,
    lastUsedAt: null,
    revokedAt: null,
    createdAt: deps.clock.now(),
  };
  await deps.store.keys.insert(record);
  if (kind === 'secret') return { record, key };
  // The agent's identity secret: made with its first publishable key, the same for every later one.
  const identitySecret = await deps.store.widgetSecrets.getOrCreate(
    accountId,
    record.allowedAgentIds![0]!,
    deps.ids.secret(32),
    record.createdAt,
  );
  return { record, key, identitySecret };
}

/** Revokes a key at once: its next request is refused. Revoking it again changes nothing (the
 * first revocation time is kept); a key of another account is not found. */
export async function revokeKey(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'keys'> },
  accountId: string,
  keyId: string,
): Promise<ApiKeyRecord> {
  await deps.store.keys.revoke(accountId, keyId, deps.clock.now());
  const key = await deps.store.keys.get(accountId, keyId);
  if (!key) throw new AppError('NOT_FOUND', `No key ${keyId} in account ${accountId}.`);
  return key;
}
