// Retries at about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, each with jitter; the
// attempt after the last of them is the final one (eight attempts in all, about 28 hours).
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** ±10 %: receivers that failed together are not all retried in the same instant. */
export const JITTER = 0.1;

/** The wait after failed attempt number `attempt` (1-based), or null when none is left.
 * `random` is in [0, 1): injected so tests can pin the jitter. */
export function retryDelay(attempt: number, maxAttempts: number, random: () => number): number | null {
  if (attempt >= maxAttempts) return null;
  const base = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1] as number;
  return Math.round(base * (1 + JITTER * (2 * random() - 1)));
}
