import type { SessionRecord, UserRecord } from '../../ports/console-store.ts';
import { AppError } from '../errors.ts';
import type { UserDeps } from './create-user.ts';
import { hashSessionToken, newSessionToken } from './session-token.ts';

export const SESSION_LIFETIME_MS = 12 * 3_600_000;

// Guessing is slowed per email and per client address: past a few failures in a window, each
// further failure doubles the wait before the next try, up to the window's length.
const WINDOW_MS = 15 * 60_000;
const FREE_FAILURES = { email: 5, ip: 20 };
const MAX_BLOCK_MS = WINDOW_MS;

/** A hash of a random password: a sign-in for an unknown email costs as much as for a known one. */
let decoyHash: Promise<string> | null = null;

export type SignInResult = { ok: true; user: UserRecord; session: SessionRecord; token: string } | { ok: false; retryAfterSeconds: number };

export async function signIn(deps: UserDeps, input: { email: string; password: string; ip: string }): Promise<SignInResult> {
  const now = deps.clock.now();
  const email = input.email.trim().toLowerCase();
  const keys = { email: `email:${email}`, ip: `ip:${input.ip}` };
  for (const key of Object.values(keys)) {
    const until = await deps.store.signInThrottle.blockedUntil(key, now);
    if (until !== undefined) return { ok: false, retryAfterSeconds: Math.ceil((until - now) / 1000) };
  }

  const user = await deps.store.users.findByEmail(email);
  decoyHash ??= deps.passwords.hash(deps.ids.secret(16));
  const valid = await deps.passwords.verify(input.password, user?.passwordHash ?? (await decoyHash));
  if (!user || !valid) {
    for (const [kind, key] of Object.entries(keys) as Array<[keyof typeof FREE_FAILURES, string]>) {
      const failures = await deps.store.signInThrottle.recordFailure(key, now, WINDOW_MS);
      const over = failures - FREE_FAILURES[kind];
      if (over >= 0) await deps.store.signInThrottle.block(key, now + Math.min(1000 * 2 ** over, MAX_BLOCK_MS));
    }
    throw new AppError('AUTH_REQUIRED', 'The email or password is wrong.');
  }

  // Housekeeping on success, so neither table grows without bound.
  await deps.store.signInThrottle.clear(keys.email);
  await deps.store.signInThrottle.prune(now - WINDOW_MS, now);
  await deps.store.sessions.deleteExpired(now);
  const token = newSessionToken(deps.ids);
  const session: SessionRecord = { id: deps.ids.next('ses'), userId: user.id, tokenHash: hashSessionToken(token), createdAt: now, expiresAt: now + SESSION_LIFETIME_MS };
  await deps.store.sessions.insert(session);
  return { ok: true, user, session, token };
}
