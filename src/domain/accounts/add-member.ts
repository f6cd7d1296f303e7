import type { DomainDeps } from '../context.ts';
import type { MemberRecord, MemberRole } from '../../ports/member-store.ts';
import { AppError, invalidBody } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email as members and users keep it: trimmed and lower-case; 400 INVALID_BODY when it is not
 * an address. */
export function memberEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL.test(normalized) || normalized.length > 254)
    throw new AppError('INVALID_BODY', 'The email address is not valid.', {
      list: { email: ['must be an email address'] },
    });
  return normalized;
}

/** Each account lists a person once. */
export const alreadyMember = () =>
  invalidBody({ email: ['is already a member of this account'] }, 'That person is already a member of this account.');

/** Adds a person to an account: its owner or a teammate. Events for the account's resources go
 * to the account's endpoints whoever made the change (SPEC §6). */
export async function addMember(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'accounts' | 'members'> },
  accountId: string,
  email: string,
  role: MemberRole = 'teammate',
): Promise<MemberRecord> {
  const normalized = memberEmail(email);
  const account = await deps.store.accounts.get(accountId);
  if (!account) throw new AppError('NOT_FOUND', `No account ${accountId}.`);
  if (await deps.store.members.findByEmail(accountId, normalized)) throw alreadyMember();
  const member: MemberRecord = {
    id: deps.ids.next('mem'),
    accountId,
    email: normalized,
    role,
    createdAt: deps.clock.now(),
  };
  await deps.store.members.insert(member);
  return member;
}
