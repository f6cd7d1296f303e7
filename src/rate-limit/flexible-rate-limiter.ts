// rate-limiter-flexible behind the RateLimiter port: fixed one-minute windows per account, one
// limiter per allowance so a plan's count lives under its own key prefix.
import { RateLimiterCluster, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type pg from 'pg';
import type { RateLimitDecision, RateLimiter } from '../ports/rate-limiter.ts';
import { translateConnectionFailure } from '../storage/postgres/guarded-pool.ts';

export const WINDOW_SECONDS = 60;

export function decisionFrom(points: number, result: RateLimiterRes, allowed: boolean): RateLimitDecision {
  return {
    allowed,
    limit: points,
    remaining: Math.max(0, result.remainingPoints),
    resetSeconds: Math.max(0, Math.ceil(result.msBeforeNext / 1000)),
  };
}

function createFromFactory(make: (points: number) => RateLimiterAbstract): RateLimiter {
  const limiters = new Map<number, RateLimiterAbstract>();
  const limiterFor = (points: number): RateLimiterAbstract => {
    let limiter = limiters.get(points);
    if (!limiter) limiters.set(points, (limiter = make(points)));
    return limiter;
  };
  return {
    async consume(accountId, requestsPerMinute) {
      try {
        return decisionFrom(requestsPerMinute, await limiterFor(requestsPerMinute).consume(accountId), true);
      } catch (rejection) {
        // The library rejects with a RateLimiterRes when over the limit, with an Error when its store fails.
        if (rejection instanceof RateLimiterRes) return decisionFrom(requestsPerMinute, rejection, false);
        // PostgreSQL's table unreachable: 503 like any other query during the outage.
        throw translateConnectionFailure(rejection);
      }
    },
    async ping() {},
    async close() {
      limiters.clear();
    },
  };
}

/** Counts in this process's memory: right for one server process. */
export function createMemoryRateLimiter(): RateLimiter {
  return createFromFactory((points) => new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix: `rpm${points}` }));
}

/** Counts in the memory of the node:cluster primary (its RateLimiterClusterMaster, see
 * server/cluster-primary.ts): exact across the workers of one machine, one IPC round trip each. */
export function createClusterRateLimiter(): RateLimiter {
  return createFromFactory((points) => new RateLimiterCluster({ points, duration: WINDOW_SECONDS, keyPrefix: `rpm${points}`, timeoutMs: 3_000 }));
}

/** Counts in PostgreSQL's `rate_limits` table (made by the migrations): shared by every process. */
export function createPostgresRateLimiter(pool: pg.Pool): RateLimiter {
  return createFromFactory(
    (points) => new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, points, duration: WINDOW_SECONDS, keyPrefix: `rpm${points}`, clearExpiredByTimeout: false }),
  );
}
