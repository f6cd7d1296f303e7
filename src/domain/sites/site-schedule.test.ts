import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextRunAt } from './site-schedule.ts';
import { loadConfig } from '../../config.ts';

const DAY = 86_400_000;

test('nextRunAt counts from the last run, or from now for a site never run; off has none', () => {
  assert.equal(nextRunAt('off', 5_000, 10_000), null);
  assert.equal(nextRunAt('daily', 5_000, 10_000), 5_000 + DAY);
  assert.equal(nextRunAt('weekly', null, 10_000), 10_000 + 7 * DAY);
});

test('the site scheduler runs by default, looking every minute', () => {
  assert.deepEqual(loadConfig({}).sites, { scheduler: true, pollIntervalMs: 60_000 });
});
