import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelay } from './retry-schedule.ts';

test('the schedule is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, with jitter within ±10 %, and ends after eight attempts', () => {
  assert.equal(MAX_ATTEMPTS, 8);
  const middle = Array.from({ length: 7 }, (_, i) => retryDelay(i + 1, MAX_ATTEMPTS, () => 0.5));
  assert.deepEqual(middle, [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  assert.equal(
    retryDelay(1, MAX_ATTEMPTS, () => 0),
    4_500,
  );
  assert.equal(
    retryDelay(1, MAX_ATTEMPTS, () => 0.999_999),
    5_500,
  );
  assert.equal(
    retryDelay(8, MAX_ATTEMPTS, () => 0.5),
    null,
  );
  // A redelivery past the schedule gets one attempt; had it more, it would wait the last delay.
  assert.equal(
    retryDelay(9, 10, () => 0.5),
    RETRY_DELAYS_MS.at(-1),
  );
});
