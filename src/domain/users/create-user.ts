import type { DomainDeps } from '../context.ts';
import type { MemberRole } from '../../ports/member-store.ts';
import type { UserRecord } from '../../ports/console-store.ts';
import { AppError, invalidBody } from '../errors.ts';
import { addMember } from '../accounts/add-member.ts';
import type { Store } from '../../ports/store.ts';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** Every password, whoever sets it: long enough to resist guessing, short enough to hash cheaply. */
export function isPasswordLengthAllowed(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

/**
 * Gives a person a console sign-in for an account: creates the user (or sets a new password for
 * an existing one) and makes them a member of the account if they are not yet. A member keeps
 * their role: asking for another one is 400 INVALID_BODY, and nothing is changed.
 */
export async function createUser(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'passwords'> & { store: Pick<Store, 'accounts' | 'members' | 'users'> },
  accountId: string,
  input: { email: string; password: string; role?: MemberRole },
): Promise<{ user: UserRecord; role: MemberRole }> {
  if (!isPasswordLengthAllowed(input.password))
    throw invalidBody({ password: [`must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`] });
  const email = input.email.trim().toLowerCase();
  if (!(await deps.store.accounts.get(accountId))) throw new AppError('NOT_FOUND', `No account ${accountId}.`);
  const held = await deps.store.members.findByEmail(accountId, email);
  // Nothing changes a member's role: a different one asked for is refused rather than ignored.
  if (held && input.role && held.role !== input.role)
    throw invalidBody(
      { role: [`is ${held.role} for this member, not ${input.role}`] },
      `${held.email} is already a member of this account, as ${held.role}; users create does not change a member's role (remove the member in the console, then add them with the new role).`,
    );
  const member = held ?? (await addMember(deps, accountId, email, input.role ?? 'owner'));
  const passwordHash = await deps.passwords.hash(input.password);
  const now = deps.clock.now();
  const existing = await deps.store.users.findByEmail(member.email);
  if (existing) {
    await deps.store.users.setPassword(existing.id, passwordHash, now);
    return { user: { ...existing, passwordHash, updatedAt: now }, role: member.role };
  }
  const user: UserRecord = {
    id: deps.ids.next('usr'),
    email: member.email,
    passwordHash,
    createdAt: now,
    updatedAt: now,
  };
  await deps.store.users.insert(user);
  return { user, role: member.role };
}
