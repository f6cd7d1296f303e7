// `keys …`: API keys (secret and publishable), as the console shows them under the CLI's option names.
import { AppError } from '../domain/errors.ts';
import { createKey, revokeKey } from '../domain/keys/create-key.ts';
import { listKeys } from '../domain/keys/list-keys.ts';
import { toKeyView } from '../domain/keys/key-view.ts';
import { parseIsoTime } from '../domain/iso-time.ts';
import { toPagination } from '../domain/pagination.ts';
import type { ApiKeyRecord } from '../ports/api-key-store.ts';
import { UsageError } from './cli-error.ts';
import { accountContext, optionalList, optionalNumber, pageOptions, required } from './operator.ts';
import type { Command } from './commands.ts';

/** The console's key view under the CLI's option names (`agents`, `ips`), with the account. */
export function keyView(record: ApiKeyRecord, now: number) {
  const { allowedAgentIds, allowedIps, allowedOrigins, status: _status, ...view } = toKeyView(record, now);
  return {
    ...view,
    accountId: record.accountId,
    agents: allowedAgentIds,
    ips: allowedIps,
    ...(allowedOrigins && { origins: allowedOrigins }),
  };
}

function parseExpiry(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const at = parseIsoTime(text);
  if (Number.isNaN(at))
    throw new UsageError(
      `--expires must be an ISO 8601 date (UTC) or date-time with its zone (Z or +hh:mm), got "${text}"`,
    );
  return at;
}

export const KEY_COMMANDS: Record<string, Command> = {
  'keys create': {
    // --origins makes a publishable (widget) key for the one agent of --agents; its output then
    // carries the agent's identity secret too (for signing user ids; the same for all its keys).
    options: ['account', 'name', 'agents', 'ips', 'expires', 'quota', 'origins'],
    required: ['account', 'name'],
    run: async (deps, o) => {
      const origins = optionalList(o, 'origins');
      if (optionalList(o, 'ips')?.length === 0) throw new UsageError('--ips must name at least one address or range');
      const { record, key, identitySecret } = await createKey(deps, required(o, 'account'), {
        ...(origins && { kind: 'publishable' as const, allowedOrigins: origins }),
        name: required(o, 'name'),
        allowedAgentIds: optionalList(o, 'agents'),
        allowedIps: optionalList(o, 'ips'),
        expiresAt: parseExpiry(o.expires),
        quota: optionalNumber(o, 'quota'),
      });
      return { ...keyView(record, deps.clock.now()), key, ...(identitySecret && { identitySecret }) };
    },
  },
  'keys list': {
    options: ['account', 'page', 'size'],
    required: ['account'],
    run: async (deps, o) => {
      const page = pageOptions(o);
      const result = await listKeys(deps, await accountContext(deps, required(o, 'account')), page);
      const now = deps.clock.now();
      return { keys: result.items.map((record) => keyView(record, now)), pagination: toPagination(page, result.total) };
    },
  },
  'keys revoke': {
    options: [],
    takesId: true,
    run: async (deps, _o, id) => {
      const accountId = await deps.store.keys.ownerOf(id as string);
      if (!accountId) throw new AppError('NOT_FOUND', `No key ${id}.`);
      await revokeKey(deps, accountId, id as string);
      return { id, revoked: true };
    },
  },
};
