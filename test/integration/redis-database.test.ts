// A REDIS_URL naming a database the Redis server does not have stops `npm start` with one line,
// instead of counting rate limits in database 0 (ioredis goes on after its SELECT is refused).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase } from '../support/backend.ts';
import { startExpectingExit } from '../support/processes.ts';

// The suite's Redis (TEST_REDIS_URL) has the default 16 databases.
const REDIS_SKIP = process.env.TEST_REDIS_URL ? false : 'no TEST_REDIS_URL: Redis not available here';

test(
  'a REDIS_URL naming a database the Redis server does not have stops the start, in one line',
  { skip: REDIS_SKIP },
  async () => {
    const database = await createTestDatabase();
    try {
      const redis = new URL(process.env.TEST_REDIS_URL!);
      for (const workers of ['1', '2']) {
        redis.pathname = '/99';
        const started = await startExpectingExit({
          ...database.env,
          REDIS_URL: redis.href,
          PORT: '0',
          WORKERS: workers,
        });
        assert.deepEqual(
          [started.code, started.stderr],
          [
            1,
            `colloquy: cannot start: REDIS_URL names database 99, which the Redis server at ${redis.host} does not have (it has databases 0 to 15): name one it has, or raise its \`databases\` setting\n`,
          ],
          `workers ${workers}`,
        );
      }
    } finally {
      await database.drop();
    }
  },
);
