// With Redis down, a request is counted in memory at once: it waits on no time-out and no
// reconnection. Checked with the timers stopped, not with a stopwatch: a consume that waited on any
// timer would never settle, on an idle machine or a loaded one alike.
import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createRedisRateLimiter } from './redis-rate-limiter.ts';

/** A loopback port nothing listens on (refused, as a stopped Redis's is). */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** `count` turns of the event loop: what an answer that waits on nothing needs. */
async function turns(count: number): Promise<'held'> {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
  return 'held';
}

test('with Redis down, consume answers from memory without waiting on a timer', async () => {
  let refused: () => void = () => {};
  const down = new Promise<void>((resolve) => (refused = resolve));
  const limiter = createRedisRateLimiter(`redis://127.0.0.1:${await closedPort()}`, () => refused());
  try {
    await down;
    await turns(2); // the client has handled the refusal: it knows Redis is away
    mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
    const answers = [limiter.consume('acc_1', 60), limiter.consume('acc_1', 60)];
    const outcome = await Promise.race([Promise.all(answers), turns(50)]);
    assert.notEqual(outcome, 'held', 'a consume waited on a time-out or a reconnection');
    assert.deepEqual(
      (outcome as Awaited<(typeof answers)[number]>[]).map((decision) => [decision.allowed, decision.remaining]),
      [
        [true, 59],
        [true, 58],
      ],
      'counted in memory',
    );
  } finally {
    mock.timers.reset();
    await limiter.close();
  }
});
