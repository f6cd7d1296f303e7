// Consumes of one account's count arriving in the same turn of the event loop, or while the
// previous consume of that count is on its way, go to the shared store (PostgreSQL, Redis, the
// cluster primary) as one consume of n points: one round trip for all of them instead of one each,
// and at most one in flight per account and process (a request waits at most one round trip more).
// The store adds n at once, exactly what n consumes one after the other would have added, and each
// request is answered with its own place in that sequence (the k-th of n sees the count before the
// batch plus k), so limits and RateLimit-Remaining stay exact.
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** One request's share of a consume: its place in the window's count, and the window's time left. */
export interface ConsumeOutcome {
  consumedPoints: number;
  msBeforeNext: number;
}

interface Waiter {
  resolve(outcome: ConsumeOutcome): void;
  reject(error: unknown): void;
}

/** The library rejects a consume past the limit with the count (a RateLimiterRes): both are outcomes here. */
export function consumePoints(limiter: RateLimiterAbstract, key: string, points: number): Promise<ConsumeOutcome> {
  return limiter
    .consume(key, points)
    .catch((rejection: unknown) => (rejection instanceof RateLimiterRes ? rejection : Promise.reject(rejection)));
}

interface Pending {
  waiting: Waiter[];
  /** A consume of this key is on its way to the store: the ones arriving meanwhile go next, together. */
  busy: boolean;
}

export function coalesceConsumes(limiter: RateLimiterAbstract): (key: string) => Promise<ConsumeOutcome> {
  const keys = new Map<string, Pending>();
  let ready: string[] = [];
  const send = (key: string, pending: Pending): void => {
    const waiters = pending.waiting;
    pending.waiting = [];
    pending.busy = true;
    consumePoints(limiter, key, waiters.length)
      .then(
        ({ consumedPoints, msBeforeNext }) => {
          const before = consumedPoints - waiters.length;
          waiters.forEach((waiter, index) => waiter.resolve({ consumedPoints: before + index + 1, msBeforeNext }));
        },
        (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => {
        pending.busy = false;
        if (pending.waiting.length > 0) send(key, pending);
        else keys.delete(key);
      });
  };
  // setImmediate runs after every socket read of this turn of the loop: the requests that arrived together.
  const flush = (): void => {
    const keysReady = ready;
    ready = [];
    for (const key of keysReady) {
      const pending = keys.get(key);
      if (pending && !pending.busy && pending.waiting.length > 0) send(key, pending);
    }
  };
  return (key) =>
    new Promise((resolve, reject) => {
      let pending = keys.get(key);
      if (!pending) keys.set(key, (pending = { waiting: [], busy: false }));
      pending.waiting.push({ resolve, reject });
      if (pending.busy || pending.waiting.length > 1) return;
      if (ready.length === 0) setImmediate(flush);
      ready.push(key);
    });
}
