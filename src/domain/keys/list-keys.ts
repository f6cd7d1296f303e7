import type { RequestContext } from '../context.ts';
import type { ApiKeyRecord } from '../../ports/api-key-store.ts';
import type { Store } from '../../ports/store.ts';

/** The account's keys, newest first, revoked and expired ones included. */
export async function listKeys(deps: { store: Pick<Store, 'keys'> }, ctx: RequestContext): Promise<ApiKeyRecord[]> {
  return deps.store.keys.list(ctx.accountId);
}
