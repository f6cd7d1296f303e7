import type { RequestContext } from '../context.ts';
import type { UserRecord } from '../../ports/console-store.ts';
import type { AccountRecord } from '../../ports/account-store.ts';
import type { MemberRecord, MemberRole } from '../../ports/member-store.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

/** A signed-in user in one of their accounts: the context domain calls take, and who they are there. */
export interface ConsoleMembership {
  ctx: RequestContext;
  account: AccountRecord;
  member: MemberRecord;
}

/** The accounts a console user belongs to, with their role in each. */
export async function userAccounts(
  deps: { store: Pick<Store, 'members'> },
  user: UserRecord,
): Promise<Array<{ id: string; name: string; role: MemberRole }>> {
  return deps.store.members.accountsOf(user.email);
}

/**
 * A console user's membership in one account, read on every request: a removed member loses the
 * account at once. An account they are not a member of is 404, like an account that does not
 * exist: ids of other accounts reveal nothing. The context is the account's, so events go to its
 * endpoints (SPEC §6).
 */
export async function consoleMembership(
  deps: { store: Pick<Store, 'accounts' | 'members'> },
  user: UserRecord,
  accountId: string,
  requestId: string,
): Promise<ConsoleMembership> {
  const member = await deps.store.members.findByEmail(accountId, user.email);
  const account = member && (await deps.store.accounts.get(accountId));
  if (!member || !account) throw new AppError('NOT_FOUND', 'Account not found.');
  return { ctx: { accountId: account.id, plan: account.plan, key: null, requestId }, account, member };
}

/** Who belongs to an account is the owners' to decide; owners and teammates act alike on agents,
 * knowledge, keys, webhooks and the inbox. */
export function assertOwner(membership: ConsoleMembership): void {
  if (membership.member.role !== 'owner')
    throw new AppError('OWNER_REQUIRED', "Only the account's owners may do this.");
}

/** A viewer reads the account (the inbox included) and changes nothing: the console hides what
 * they may not do, and every unsafe request of theirs on the account is refused. */
export function assertMayChange(membership: ConsoleMembership): void {
  if (membership.member.role === 'viewer')
    throw new AppError('READ_ONLY_MEMBER', 'A viewer reads this account but changes nothing; ask an owner for a role.');
}
