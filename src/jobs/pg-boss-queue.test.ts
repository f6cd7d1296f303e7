// pg-boss reports an error from each poll while the database is away: the node logs the first,
// then at most one a minute saying how many it left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queueErrorLog } from './pg-boss-queue.ts';
import { REPEATED_FAILURE_REPORT_MS } from '../pacing/repeated-failures.ts';

test('queue errors of an outage are logged once a minute, with the count left out', () => {
  let clock = 1_000;
  const lines: string[] = [];
  const report = queueErrorLog(
    (message) => lines.push(message),
    () => clock,
  );
  for (let i = 0; i < 40; i += 1, clock += 100) report(new Error('connect ECONNREFUSED'));
  clock += REPEATED_FAILURE_REPORT_MS;
  report(new Error('connect ECONNREFUSED'));
  assert.deepEqual(lines, ['ingestion queue error', 'ingestion queue error (39 more since the last line)']);
});
