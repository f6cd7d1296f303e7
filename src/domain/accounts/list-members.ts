import type { RequestContext } from '../context.ts';
import type { MemberRecord } from '../../ports/member-store.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import type { Store } from '../../ports/store.ts';
import { pageOf } from '../pagination.ts';

/** One page of who belongs to the account, oldest first; every member may see it. */
export async function listMembers(
  deps: { store: Pick<Store, 'members'> },
  ctx: RequestContext,
  page: PageRequest,
): Promise<Page<MemberRecord>> {
  return pageOf(await deps.store.members.list(ctx.accountId), page);
}
