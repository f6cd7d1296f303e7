import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { coalesceConsumes } from './coalesced-consume.ts';
import { decisionFrom } from './flexible-rate-limiter.ts';

/** A memory limiter that records its calls; `delayMs` stands for the round trip to a store. */
function countingLimiter(points: number, delayMs = 0) {
  const limiter = new RateLimiterMemory({ points, duration: 60 });
  const calls: Array<[string, number]> = [];
  const consume = limiter.consume.bind(limiter);
  const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), delayMs));
  limiter.consume = (key, n = 1) => (calls.push([String(key), Number(n)]), consume(key, n).then(later));
  return { limiter, calls };
}

test('requests of one turn of the loop are one consume of n points, each answered with its own place in the count', async () => {
  const { limiter, calls } = countingLimiter(7);
  const consume = coalesceConsumes(limiter);
  const decisions = (await Promise.all(Array.from({ length: 10 }, () => consume('acc_1')))).map((outcome) =>
    decisionFrom(7, outcome),
  );
  assert.deepEqual(calls, [['acc_1', 10]]);
  assert.deepEqual(
    decisions.map((d) => d.allowed),
    [true, true, true, true, true, true, true, false, false, false],
  );
  assert.deepEqual(
    decisions.map((d) => d.remaining),
    [6, 5, 4, 3, 2, 1, 0, 0, 0, 0],
  );
  assert.ok(decisions.every((d) => d.resetSeconds === 60));
  // The next turn continues the same count, as sequential consumes would.
  const [next, other] = await Promise.all([consume('acc_1'), consume('acc_2')]);
  assert.equal(next.consumedPoints, 11);
  assert.equal(other.consumedPoints, 1, 'each account keeps its own count');
  assert.deepEqual(calls.slice(1), [
    ['acc_1', 1],
    ['acc_2', 1],
  ]);
});

test("a store failure fails every request of the batch with the store's error", async () => {
  const limiter = new RateLimiterMemory({ points: 5, duration: 60 });
  limiter.consume = () => Promise.reject(new Error('store down'));
  const consume = coalesceConsumes(limiter);
  const results = await Promise.allSettled([consume('acc_1'), consume('acc_1')]);
  assert.deepEqual(
    results.map((r) => r.status === 'rejected' && (r.reason as Error).message),
    ['store down', 'store down'],
  );
});

test('consumes arriving while one is on its way are sent together when it returns', async () => {
  const { limiter, calls } = countingLimiter(100, 30);
  const consume = coalesceConsumes(limiter);
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  const first = consume('acc_1');
  await nextTurn(); // the first is on its way
  const later = [];
  for (let i = 0; i < 3; i++) {
    later.push(consume('acc_1'));
    await nextTurn();
  }
  assert.equal((await first).consumedPoints, 1);
  assert.deepEqual(
    (await Promise.all(later)).map((outcome) => outcome.consumedPoints),
    [2, 3, 4],
  );
  assert.deepEqual(calls, [
    ['acc_1', 1],
    ['acc_1', 3],
  ]);
});
