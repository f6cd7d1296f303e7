// The one pacing of repeated failure logs, shared by the background workers' rounds and the
// ingestion queue's errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRepeatedFailures, REPEATED_FAILURE_REPORT_MS } from './repeated-failures.ts';

test('the first failure is reported, then at most one a minute with the counts; a success starts over', () => {
  let clock = 0;
  const failures = createRepeatedFailures(() => clock);
  const reports = [];
  for (let i = 0; i < 500; i += 1, clock += 250) {
    const report = failures.failed();
    if (report) reports.push({ ...report, at: clock });
  }
  failures.succeeded();
  reports.push({ ...failures.failed(), at: clock });
  const perMinute = REPEATED_FAILURE_REPORT_MS / 250;
  assert.deepEqual(reports, [
    { inRow: 1, leftOut: 0, at: 0 },
    { inRow: perMinute + 1, leftOut: perMinute - 1, at: REPEATED_FAILURE_REPORT_MS },
    { inRow: 2 * perMinute + 1, leftOut: perMinute - 1, at: 2 * REPEATED_FAILURE_REPORT_MS },
    { inRow: 1, leftOut: 0, at: 500 * 250 },
  ]);
});
