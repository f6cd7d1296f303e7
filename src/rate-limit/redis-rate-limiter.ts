import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimiter } from '../ports/rate-limiter.ts';
import { decisionFrom, WINDOW_SECONDS } from './flexible-rate-limiter.ts';

/** Counts in Redis: shared by every process pointed at the same REDIS_URL. */
export function createRedisRateLimiter(redisUrl: string): RateLimiter {
  // Fail fast rather than queue requests while Redis is away: a request waits at most ~2 s.
  const client = new Redis(redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false });
  client.on('error', () => {});
  const limiters = new Map<number, RateLimiterAbstract>();
  return {
    async consume(accountId, requestsPerMinute) {
      let limiter = limiters.get(requestsPerMinute);
      if (!limiter) {
        limiter = new RateLimiterRedis({ storeClient: client, points: requestsPerMinute, duration: WINDOW_SECONDS, keyPrefix: `colloquy:rpm${requestsPerMinute}` });
        limiters.set(requestsPerMinute, limiter);
      }
      try {
        return decisionFrom(requestsPerMinute, await limiter.consume(accountId), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decisionFrom(requestsPerMinute, rejection, false);
        throw rejection;
      }
    },
    async close() {
      client.disconnect();
    },
  };
}
