import type { RequestContext } from '../context.ts';
import type { MemberRecord } from '../../ports/member-store.ts';
import type { Store } from '../../ports/store.ts';

/** Who belongs to the account, oldest first; every member may see it. */
export async function listMembers(
  deps: { store: Pick<Store, 'members'> },
  ctx: RequestContext,
): Promise<MemberRecord[]> {
  return deps.store.members.list(ctx.accountId);
}
