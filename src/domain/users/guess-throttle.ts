import type { Store } from '../../ports/store.ts';

// Password guessing is slowed per email and per client address: past a few failures in a window,
// each further failure doubles the wait before the next try, up to the window's length. Sign-in
// and the password change share the counts, so a guess costs the same through either.
const WINDOW_MS = 15 * 60_000;
const FREE_FAILURES = { email: 5, ip: 20 };
const MAX_BLOCK_MS = WINDOW_MS;

export interface GuessKeys {
  email: string;
  ip: string;
}

export const guessKeys = (email: string, ip: string): GuessKeys => ({ email: `email:${email}`, ip: `ip:${ip}` });

/** Seconds until these keys may try again, or undefined when nothing holds them back. */
export async function guessRetryAfter(
  deps: { store: Pick<Store, 'signInThrottle'> },
  keys: GuessKeys,
  now: number,
): Promise<number | undefined> {
  for (const key of Object.values(keys)) {
    const until = await deps.store.signInThrottle.blockedUntil(key, now);
    if (until !== undefined) return Math.ceil((until - now) / 1000);
  }
  return undefined;
}

export async function recordWrongGuess(
  deps: { store: Pick<Store, 'signInThrottle'> },
  keys: GuessKeys,
  now: number,
): Promise<void> {
  for (const [kind, key] of Object.entries(keys) as Array<[keyof typeof FREE_FAILURES, string]>) {
    const failures = await deps.store.signInThrottle.recordFailure(key, now, WINDOW_MS);
    const over = failures - FREE_FAILURES[kind];
    if (over >= 0) await deps.store.signInThrottle.block(key, now + Math.min(1000 * 2 ** over, MAX_BLOCK_MS));
  }
}

/** After a right password: the email starts afresh, and old counts are pruned. */
export async function recordRightGuess(
  deps: { store: Pick<Store, 'signInThrottle'> },
  keys: GuessKeys,
  now: number,
): Promise<void> {
  await deps.store.signInThrottle.clear(keys.email);
  await deps.store.signInThrottle.prune(now - WINDOW_MS, now);
}
