import type { DomainDeps } from '../context.ts';
import type { SessionRecord, UserRecord } from '../../ports/console-store.ts';
import { invalidBody } from '../errors.ts';
import { PASSWORD_MAX, PASSWORD_MIN, isPasswordLengthAllowed } from './create-user.ts';
import { guessKeys, guessRetryAfter, recordRightGuess, recordWrongGuess } from './guess-throttle.ts';
import type { Store } from '../../ports/store.ts';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  /** The client's address, for slowing guesses of the current password. */
  ip: string;
}

/**
 * A signed-in person sets a new password after proving the current one. Every other session of
 * theirs ends (a stolen cookie stops working); the one in use stays. A wrong current password
 * counts as a failed sign-in, so a stolen session cannot guess it faster than the sign-in form.
 */
export async function changePassword(
  deps: Pick<DomainDeps, 'clock' | 'passwords'> & { store: Pick<Store, 'signInThrottle' | 'transaction'> },
  signedIn: { user: UserRecord; session: SessionRecord },
  input: ChangePasswordInput,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  if (!isPasswordLengthAllowed(input.newPassword))
    throw invalidBody({ newPassword: [`must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`] });
  const now = deps.clock.now();
  const keys = guessKeys(signedIn.user.email, input.ip);
  const retryAfterSeconds = await guessRetryAfter(deps, keys, now);
  if (retryAfterSeconds !== undefined) return { ok: false, retryAfterSeconds };
  if (!(await deps.passwords.verify(input.currentPassword, signedIn.user.passwordHash))) {
    await recordWrongGuess(deps, keys, now);
    throw invalidBody({ currentPassword: ['is not the current password'] }, 'The current password is wrong.');
  }
  await recordRightGuess(deps, keys, now);
  const passwordHash = await deps.passwords.hash(input.newPassword);
  await deps.store.transaction(async (tx) => {
    await tx.users.setPassword(signedIn.user.id, passwordHash, now);
    await tx.sessions.deleteOthers(signedIn.user.id, signedIn.session.id);
  });
  return { ok: true };
}
