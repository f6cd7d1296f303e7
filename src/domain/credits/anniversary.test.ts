import { test } from 'node:test';
import assert from 'node:assert/strict';
import { monthlyAnniversary, nextAnniversaryAfter } from './anniversary.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

test('an anchor on the 31st clamps to each month end, computed from the anchor', () => {
  const anchor = at('2027-01-31T10:15:30.250Z');
  const months = [1, 2, 3, 4, 12, 13].map((n) => iso(monthlyAnniversary(anchor, n)));
  assert.deepEqual(months, [
    '2027-02-28T10:15:30.250Z',
    '2027-03-31T10:15:30.250Z',
    '2027-04-30T10:15:30.250Z',
    '2027-05-31T10:15:30.250Z',
    '2028-01-31T10:15:30.250Z',
    '2028-02-29T10:15:30.250Z',
  ]);
  assert.equal(monthlyAnniversary(anchor, 0), anchor);
});

test('leap years: Feb 29 anchors fall on Feb 28 in common years and Feb 29 again in leap years', () => {
  const anchor = at('2028-02-29T00:00:00.000Z');
  assert.equal(iso(monthlyAnniversary(anchor, 1)), '2028-03-29T00:00:00.000Z');
  assert.equal(iso(monthlyAnniversary(anchor, 12)), '2029-02-28T00:00:00.000Z');
  assert.equal(iso(monthlyAnniversary(anchor, 48)), '2032-02-29T00:00:00.000Z');
});

test('UTC only: the time of day stays put across the dates daylight saving changes elsewhere', () => {
  const anchor = at('2027-02-27T01:30:00.000Z');
  assert.equal(iso(monthlyAnniversary(anchor, 1)), '2027-03-27T01:30:00.000Z');
  assert.equal(iso(monthlyAnniversary(anchor, 8)), '2027-10-27T01:30:00.000Z');
  assert.equal(monthlyAnniversary(anchor, 1) - anchor, 28 * 86_400_000);
});

test('the next anniversary is strictly after the given time', () => {
  const anchor = at('2027-01-31T10:00:00.000Z');
  assert.equal(iso(nextAnniversaryAfter(anchor, anchor)), '2027-02-28T10:00:00.000Z');
  assert.equal(iso(nextAnniversaryAfter(anchor, at('2027-02-28T09:59:59.999Z'))), '2027-02-28T10:00:00.000Z');
  assert.equal(iso(nextAnniversaryAfter(anchor, at('2027-02-28T10:00:00.000Z'))), '2027-03-31T10:00:00.000Z');
  assert.equal(iso(nextAnniversaryAfter(anchor, at('2027-03-01T00:00:00.000Z'))), '2027-03-31T10:00:00.000Z');
});

test('missed months: after three months down, the next anniversary is the first one still ahead', () => {
  const anchor = at('2027-01-15T08:00:00.000Z');
  assert.equal(iso(nextAnniversaryAfter(anchor, at('2027-05-20T00:00:00.000Z'))), '2027-06-15T08:00:00.000Z');
  assert.equal(iso(nextAnniversaryAfter(anchor, at('2029-12-31T23:59:59.000Z'))), '2030-01-15T08:00:00.000Z');
});

test('a time before the anchor still gives the first anniversary', () => {
  const anchor = at('2027-01-15T08:00:00.000Z');
  assert.equal(iso(nextAnniversaryAfter(anchor, at('2026-06-01T00:00:00.000Z'))), '2027-02-15T08:00:00.000Z');
});
