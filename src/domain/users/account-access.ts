import type { DomainDeps, RequestContext } from '../context.ts';
import type { UserRecord } from '../../ports/console-store.ts';
import type { MemberRole } from '../../ports/store.ts';
import { AppError } from '../errors.ts';

/** The accounts a console user belongs to, with their role in each. */
export async function userAccounts(deps: Pick<DomainDeps, 'store'>, user: UserRecord): Promise<Array<{ id: string; name: string; role: MemberRole }>> {
  return deps.store.members.accountsOf(user.email);
}

/**
 * A console user's context in one account. An account they are not a member of is 404, like an
 * account that does not exist: ids of other accounts reveal nothing. Owners and teammates act
 * alike on webhooks; the context is the account's, so events go to its endpoints (SPEC §6).
 */
export async function consoleContext(deps: Pick<DomainDeps, 'store'>, user: UserRecord, accountId: string, requestId: string): Promise<RequestContext> {
  const member = await deps.store.members.findByEmail(accountId, user.email);
  const account = member && (await deps.store.accounts.get(accountId));
  if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
  return { accountId: account.id, plan: account.plan, key: null, requestId };
}
