import type { DomainDeps } from '../context.ts';
import type { MemberRecord, MemberRole } from '../../ports/member-store.ts';
import type { UserRecord } from '../../ports/console-store.ts';
import { assertOwner, type ConsoleMembership } from '../users/account-access.ts';
import { PASSWORD_MAX, PASSWORD_MIN, isPasswordLengthAllowed } from '../users/create-user.ts';
import { invalidBody } from '../errors.ts';
import { alreadyMember, memberEmail } from './add-member.ts';
import type { Store } from '../../ports/store.ts';

export interface AddConsoleMemberInput {
  email: string;
  role?: MemberRole;
  /** The first password of a person who has no console sign-in yet; ignored for one who has. */
  password?: string;
}

/**
 * An owner adds a person to the account. Someone new gets a sign-in with the given password
 * (`created`). Someone who already signs in keeps their password (`existing`): the owner of one
 * account must never be able to reset the password of a person who also belongs to another.
 */
export async function addConsoleMember(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'passwords'> & { store: Pick<Store, 'members' | 'transaction' | 'users'> },
  membership: ConsoleMembership,
  input: AddConsoleMemberInput,
): Promise<{ member: MemberRecord; signIn: 'created' | 'existing' }> {
  assertOwner(membership);
  const { accountId } = membership.ctx;
  const email = memberEmail(input.email);
  if (await deps.store.members.findByEmail(accountId, email)) throw alreadyMember();
  const user = await deps.store.users.findByEmail(email);
  let passwordHash: string | null = null;
  if (!user) {
    const password = input.password ?? '';
    if (!isPasswordLengthAllowed(password)) {
      throw invalidBody({
        password: [`is required for a person without a sign-in: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`],
      });
    }
    passwordHash = await deps.passwords.hash(password);
  }
  const now = deps.clock.now();
  const member: MemberRecord = {
    id: deps.ids.next('mem'),
    accountId,
    email,
    role: input.role ?? 'teammate',
    createdAt: now,
  };
  return deps.store.transaction(async (tx) => {
    if (await tx.members.findByEmail(accountId, email)) throw alreadyMember();
    await tx.members.insert(member);
    // A sign-in made meanwhile by someone else is kept as it is, like any existing one.
    if (passwordHash === null || (await tx.users.findByEmail(email))) return { member, signIn: 'existing' as const };
    const created: UserRecord = { id: deps.ids.next('usr'), email, passwordHash, createdAt: now, updatedAt: now };
    await tx.users.insert(created);
    return { member, signIn: 'created' as const };
  });
}
