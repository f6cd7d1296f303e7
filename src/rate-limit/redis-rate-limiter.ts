import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateLimiter, RateLimiterLogger } from '../ports/rate-limiter.ts';
import { decisionFrom, limiterPerAllowance, WINDOW_SECONDS } from './flexible-rate-limiter.ts';

/** A command to a Redis that is connected but does not answer fails after this long. */
const COMMAND_TIMEOUT_MS = 250;
/** Reconnection attempts while Redis is away: at most this far apart, so it is used again within
 * half a second of its return. */
const MAX_RECONNECT_DELAY_MS = 500;

/**
 * Counts in Redis: shared by every process pointed at the same REDIS_URL. While Redis is down or
 * slow, each process counts in its own memory instead (the library's insurance limiter): requests
 * are neither refused nor held up by a rate limiter that cannot be reached, and the wait is at
 * most COMMAND_TIMEOUT_MS (none at all while the connection is known to be down).
 */
export function createRedisRateLimiter(
  redisUrl: string,
  onError: (error: Error) => void = () => {},
  logger?: RateLimiterLogger,
): RateLimiter {
  const client = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 50, MAX_RECONNECT_DELAY_MS),
  });
  // Without a listener an unreachable Redis would end the process.
  client.on('error', onError);
  if (logger) reportOutages(client, logger);
  const consume = limiterPerAllowance((points) => {
    const insuranceLimiter = new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix: `rpm${points}` });
    return new RateLimiterRedis({
      storeClient: client,
      points,
      duration: WINDOW_SECONDS,
      keyPrefix: `colloquy:rpm${points}`,
      rejectIfRedisNotReady: true,
      insuranceLimiter,
    });
  }, true);
  return {
    async consume(accountId, requestsPerMinute) {
      return decisionFrom(requestsPerMinute, await consume(accountId, requestsPerMinute));
    },
    async ping() {
      await client.ping();
    },
    async close() {
      client.disconnect();
    },
  };
}

/** One line when Redis cannot be reached (at start or later; not one per reconnection attempt) and
 * one when it answers again: meanwhile each process counts alone, so the limit holds per process. */
function reportOutages(client: Redis, logger: RateLimiterLogger): void {
  let away = false;
  client.on('error', (error: Error) => {
    if (away) return;
    away = true;
    logger.warn(
      { cause: error.message },
      'Redis (REDIS_URL) is unreachable: each process counts rate limits in its own memory until it is back',
    );
  });
  client.on('ready', () => {
    if (!away) return;
    away = false;
    logger.info({}, 'Redis (REDIS_URL) answers again: rate limits are shared again');
  });
}
