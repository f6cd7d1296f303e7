import { assertOwner, type ConsoleMembership } from '../users/account-access.ts';
import { AppError, invalidBody } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

/**
 * An owner takes someone out of the account; their sessions lose it on their next request (the
 * membership is read on each). Their sign-in stays, for the other accounts they may belong to.
 * The last owner cannot be removed: an account always has someone who can manage its members.
 */
export async function removeMember(
  deps: { store: Pick<Store, 'members'> },
  membership: ConsoleMembership,
  memberId: string,
): Promise<void> {
  assertOwner(membership);
  const outcome = await deps.store.members.delete(membership.ctx.accountId, memberId);
  if (outcome === 'missing') throw new AppError('NOT_FOUND', 'Member not found.');
  if (outcome === 'last-owner')
    throw invalidBody(
      { memberId: ["is the account's last owner: add another owner first"] },
      'An account keeps at least one owner.',
    );
}
