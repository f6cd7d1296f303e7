import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { HandoffHours } from '../../ports/handoff-hours.ts';
import { availability, awayNotice, canonicalHours, checkHours } from './team-hours.ts';

const BERLIN: HandoffHours = {
  timeZone: 'Europe/Berlin',
  weekly: [
    { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00' },
    { days: ['sat'], from: '10:00', to: '12:30' },
  ],
};
const at = (iso: string) => Date.parse(iso);

test('open inside the hours, in the team’s time zone', () => {
  // Wednesday 2026-11-25 10:00 in Berlin is 09:00 UTC (CET, UTC+1).
  assert.deepEqual(availability(BERLIN, at('2026-11-25T09:00:00Z')), { open: true, opensAt: null });
  assert.equal(availability(BERLIN, at('2026-11-25T07:59:00Z')).open, false, '08:59 in Berlin');
  assert.equal(availability(BERLIN, at('2026-11-25T16:00:00Z')).open, false, '17:00 in Berlin: closed');
  assert.deepEqual(availability(null, 0), { open: true, opensAt: null });
});

test('outside them: when people next answer', () => {
  // Wednesday 18:00 Berlin → Thursday 09:00 Berlin.
  assert.equal(availability(BERLIN, at('2026-11-25T17:00:00Z')).opensAt, at('2026-11-26T08:00:00Z'));
  // Saturday 13:00 Berlin → Monday 09:00 Berlin.
  assert.equal(availability(BERLIN, at('2026-11-28T12:00:00Z')).opensAt, at('2026-11-30T08:00:00Z'));
  // Friday 20:00 Berlin → Saturday 10:00.
  assert.equal(availability(BERLIN, at('2026-11-27T19:00:00Z')).opensAt, at('2026-11-28T09:00:00Z'));
  // Across the change to summer time: Saturday 2027-03-27 13:00 CET → Monday 09:00 CEST (07:00 UTC).
  assert.equal(availability(BERLIN, at('2027-03-27T12:00:00Z')).opensAt, at('2027-03-29T07:00:00Z'));
  assert.equal(
    awayNotice(BERLIN, at('2026-11-28T12:00:00Z')),
    'Our team is away right now: a person will answer from Monday at 09:00 (Europe/Berlin). Your conversation waits for them.',
  );
  assert.equal(awayNotice(BERLIN, at('2026-11-25T09:00:00Z')), null);
});

test('a schedule is checked: the time zone, the days, the times', () => {
  assert.deepEqual(checkHours(BERLIN), {});
  const list = checkHours({
    timeZone: 'Mars/Olympus',
    weekly: [
      { days: [], from: '09:00', to: '17:00' },
      { days: ['mon'], from: '18:00', to: '09:00' },
      { days: ['mon'], from: '9', to: '25:00' },
    ],
  });
  assert.deepEqual(Object.keys(list).sort(), ['handoff.hours.timeZone', 'handoff.hours.weekly']);
  assert.equal(list['handoff.hours.weekly']?.length, 3);
  assert.deepEqual(checkHours({ timeZone: 'UTC', weekly: [{ days: ['sun'], from: '00:00', to: '24:00' }] }), {});
});

test('a valid schedule is kept canonical: the time zone as IANA names it, each day of a range once', () => {
  assert.deepEqual(
    canonicalHours({
      timeZone: 'europe/BERLIN',
      weekly: [{ days: ['mon', 'fri', 'mon'], from: '09:00', to: '17:00' }],
    }),
    { timeZone: 'Europe/Berlin', weekly: [{ days: ['mon', 'fri'], from: '09:00', to: '17:00' }] },
  );
  assert.deepEqual(canonicalHours(BERLIN), BERLIN);
  assert.equal(canonicalHours({ ...BERLIN, timeZone: 'utc' }).timeZone, 'UTC');
});
