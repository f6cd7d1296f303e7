import { Redis } from 'ioredis';
import { ConfigError } from '../config-error.ts';

/** The database a REDIS_URL names: its path's number (config.ts lets only digits through), 0 without one. */
export function redisDatabaseOf(redisUrl: string): number {
  const path = new URL(redisUrl).pathname.replace(/^\//, '');
  return path === '' ? 0 : Number(path);
}

/**
 * Why the Redis server cannot give REDIS_URL's database, or null when it can (or cannot be asked
 * now: an unreachable Redis is an outage, which the rate limiter rides out). ioredis goes on in
 * database 0 when its SELECT is refused, so the limits would be counted where nothing else looks.
 */
export async function missingRedisDatabase(redisUrl: string, timeoutMs = 2_000): Promise<string | null> {
  const database = redisDatabaseOf(redisUrl);
  if (database === 0) return null;
  const server = new URL(redisUrl);
  server.pathname = '';
  const client = new Redis(server.href, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch {
    client.disconnect();
    return null;
  }
  try {
    await client.select(database);
    return null;
  } catch (error) {
    if (!/out of range/i.test((error as Error).message)) return null;
    const count = await databaseCount(client);
    const has = count === null ? '' : ` (it has databases 0 to ${count - 1})`;
    return `REDIS_URL names database ${database}, which the Redis server at ${server.host} does not have${has}: name one it has, or raise its \`databases\` setting`;
  } finally {
    client.disconnect();
  }
}

/** Stops the start (ConfigError) when REDIS_URL names a database its server does not have. */
export async function checkRedisDatabase(redisUrl: string): Promise<void> {
  const problem = await missingRedisDatabase(redisUrl);
  if (problem) throw new ConfigError(problem);
}

/** The server's `databases` setting, when it lets CONFIG be read (managed services often do not). */
async function databaseCount(client: Redis): Promise<number | null> {
  try {
    const [, value] = (await client.config('GET', 'databases')) as string[];
    const count = Number(value);
    return Number.isInteger(count) && count > 0 ? count : null;
  } catch {
    return null;
  }
}
