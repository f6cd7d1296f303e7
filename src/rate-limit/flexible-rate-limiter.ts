// rate-limiter-flexible behind the RateLimiter port: fixed one-minute windows per account, one
// limiter per allowance so a plan's count lives under its own key prefix.
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterPostgres,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type pg from 'pg';
import type { RateLimitDecision, RateLimiter } from '../ports/rate-limiter.ts';
import { coalesceConsumes, consumePoints, type ConsumeOutcome } from './coalesced-consume.ts';

export const WINDOW_SECONDS = 60;

export function decisionFrom(points: number, { consumedPoints, msBeforeNext }: ConsumeOutcome): RateLimitDecision {
  return {
    allowed: consumedPoints <= points,
    limit: points,
    remaining: Math.max(0, points - consumedPoints),
    resetSeconds: Math.max(0, Math.ceil(msBeforeNext / 1000)),
  };
}

/** One limiter per allowance; `coalesce` for a store a round trip away (see coalesced-consume.ts). */
export function limiterPerAllowance(
  make: (points: number) => RateLimiterAbstract,
  coalesce: boolean,
): (accountId: string, points: number) => Promise<ConsumeOutcome> {
  const consumers = new Map<number, (key: string) => Promise<ConsumeOutcome>>();
  return (accountId, points) => {
    let consume = consumers.get(points);
    if (!consume) {
      const limiter = make(points);
      consumers.set(points, (consume = coalesce ? coalesceConsumes(limiter) : (key) => consumePoints(limiter, key, 1)));
    }
    return consume(accountId);
  };
}

function createFromFactory(
  make: (points: number) => RateLimiterAbstract,
  coalesce: boolean,
  translateError: (error: unknown) => unknown = (error) => error,
): RateLimiter {
  const consume = limiterPerAllowance(make, coalesce);
  return {
    async consume(accountId, requestsPerMinute) {
      try {
        return decisionFrom(requestsPerMinute, await consume(accountId, requestsPerMinute));
      } catch (error) {
        // PostgreSQL's table unreachable: 503 like any other query during the outage.
        throw translateError(error);
      }
    },
    async ping() {},
    async close() {},
  };
}

/** Counts in this process's memory: right for one server process. Coalesced although no round
 * trip is saved: the requests of one turn of the event loop then finish together in its check
 * phase, and their answers leave in one burst instead of one socket write per read callback: each
 * lone write woke the client on the other core, which costs the server far more CPU per request
 * under load (figures: docs/research/2026-11-23-hot-path-search-index-ingestion-queue.md). */
export function createMemoryRateLimiter(): RateLimiter {
  return createFromFactory(
    (points) => new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix: `rpm${points}` }),
    true,
  );
}

/** Counts in the memory of the node:cluster primary (its RateLimiterClusterMaster, see
 * server/cluster-primary.ts): exact across the workers of one machine, one IPC round trip per batch of consumes. */
export function createClusterRateLimiter(): RateLimiter {
  return createFromFactory(
    (points) =>
      new RateLimiterCluster({ points, duration: WINDOW_SECONDS, keyPrefix: `rpm${points}`, timeoutMs: 3_000 }),
    true,
  );
}

/** Counts in PostgreSQL's `rate_limits` table (made by the migrations): shared by every process.
 * `translateError` turns the store's connection failures into its 503 (storage's guarded pool). */
export function createPostgresRateLimiter(pool: pg.Pool, translateError: (error: unknown) => unknown): RateLimiter {
  return createFromFactory(
    (points) =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        points,
        duration: WINDOW_SECONDS,
        keyPrefix: `rpm${points}`,
        clearExpiredByTimeout: false,
      }),
    true,
    translateError,
  );
}
