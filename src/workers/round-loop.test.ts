// A worker whose rounds keep failing (the database away on a 250 ms poll) reports the first
// failure, then at most one a minute with the count, and a new streak again from its first round.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRoundLoop } from './round-loop.ts';
import { REPEATED_FAILURE_REPORT_MS } from '../pacing/repeated-failures.ts';

test('rounds that keep failing are reported on the first, then once a minute, not once a round', async () => {
  // Each round moves the clock 250 ms; rounds 1–600 fail, 601 succeeds, 602 fails, then it stops.
  let clock = 0;
  let rounds = 0;
  const reports: Array<[string, number, number]> = [];
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => (finished = resolve));
  const loop = createRoundLoop({
    round: async () => {
      rounds += 1;
      clock += 250;
      if (rounds === 602) finished();
      if (rounds !== 601) throw new Error(`down (round ${rounds})`);
      return rounds;
    },
    pauseAfter: () => 0,
    onError: (error, failedRounds) => reports.push([(error as Error).message, failedRounds, clock]),
    now: () => clock,
  });
  loop.start();
  await done;
  await loop.stop();
  const perMinute = REPEATED_FAILURE_REPORT_MS / 250;
  assert.deepEqual(reports, [
    ['down (round 1)', 1, 250],
    [`down (round ${perMinute + 1})`, perMinute + 1, 250 * (perMinute + 1)],
    [`down (round ${2 * perMinute + 1})`, 2 * perMinute + 1, 250 * (2 * perMinute + 1)],
    ['down (round 602)', 1, 250 * 602],
  ]);
});
