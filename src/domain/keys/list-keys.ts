import type { RequestContext } from '../context.ts';
import type { ApiKeyRecord } from '../../ports/api-key-store.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import type { Store } from '../../ports/store.ts';
import { pageOf } from '../pagination.ts';

/** One page of the account's keys, newest first, revoked and expired ones included. */
export async function listKeys(
  deps: { store: Pick<Store, 'keys'> },
  ctx: RequestContext,
  page: PageRequest,
): Promise<Page<ApiKeyRecord>> {
  return pageOf(await deps.store.keys.list(ctx.accountId), page);
}
