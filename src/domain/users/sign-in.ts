import type { DomainDeps } from '../context.ts';
import type { SessionRecord, UserRecord } from '../../ports/console-store.ts';
import { AppError } from '../errors.ts';
import { guessKeys, guessRetryAfter, recordRightGuess, recordWrongGuess } from './guess-throttle.ts';
import { hashSessionToken, newSessionToken } from './session-token.ts';
import type { Store } from '../../ports/store.ts';

export const SESSION_LIFETIME_MS = 12 * 3_600_000;

/** A hash of a random password: a sign-in for an unknown email costs as much as for a known one. */
let decoyHash: Promise<string> | null = null;

export type SignInResult =
  { ok: true; user: UserRecord; session: SessionRecord; token: string } | { ok: false; retryAfterSeconds: number };

export async function signIn(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'passwords'> & {
    store: Pick<Store, 'sessions' | 'signInThrottle' | 'users'>;
  },
  input: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  const now = deps.clock.now();
  const email = input.email.trim().toLowerCase();
  const keys = guessKeys(email, input.ip);
  const retryAfterSeconds = await guessRetryAfter(deps, keys, now);
  if (retryAfterSeconds !== undefined) return { ok: false, retryAfterSeconds };

  const user = await deps.store.users.findByEmail(email);
  decoyHash ??= deps.passwords.hash(deps.ids.secret(16));
  const valid = await deps.passwords.verify(input.password, user?.passwordHash ?? (await decoyHash));
  if (!user || !valid) {
    await recordWrongGuess(deps, keys, now);
    throw new AppError('AUTH_REQUIRED', 'The email or password is wrong.');
  }

  // Housekeeping on success, so neither table grows without bound.
  await recordRightGuess(deps, keys, now);
  await deps.store.sessions.deleteExpired(now);
  const token = newSessionToken(deps.ids);
  const session: SessionRecord = {
    id: deps.ids.next('ses'),
    userId: user.id,
    tokenHash: hashSessionToken(token),
    createdAt: now,
    expiresAt: now + SESSION_LIFETIME_MS,
  };
  await deps.store.sessions.insert(session);
  return { ok: true, user, session, token };
}
