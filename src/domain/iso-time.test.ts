import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseIsoTime } from './iso-time.ts';

test('parseIsoTime reads dates and date-times as Date.parse does', () => {
  assert.equal(parseIsoTime('2027-01-01'), Date.parse('2027-01-01T00:00:00Z'));
  assert.equal(parseIsoTime('2028-02-29T12:00:00+02:00'), Date.parse('2028-02-29T10:00:00Z'));
  assert.equal(parseIsoTime('2026-11-28T24:00:00Z'), Date.parse('2026-11-29T00:00:00Z'));
  // RFC 3339 allows a lower-case separator (and the `date-time` format of the schemas accepts it).
  assert.equal(parseIsoTime('2026-11-28t10:00:00z'), Date.parse('2026-11-28T10:00:00Z'));
});

test('parseIsoTime refuses a day the month does not have, which Date.parse rolls into the next month', () => {
  for (const text of ['2027-02-29', '2027-02-30T10:00:00Z', '2026-04-31T00:00Z', '2026-13-01', '2026-00-10'])
    assert.ok(Number.isNaN(parseIsoTime(text)), text);
});

test('parseIsoTime refuses what is not ISO 8601', () => {
  for (const text of ['tomorrow', '28/11/2026', '2026-1-1', '', '2026-11-28T10:60:00Z'])
    assert.ok(Number.isNaN(parseIsoTime(text)), text);
});

test('parseIsoTime refuses a date-time without its zone, which Date.parse reads in the local time zone', () => {
  for (const text of ['2030-01-01T00:00:00', '2030-01-01T00:00', '2030-01-01T00:00:00.000', '2030-01-01 12:00'])
    assert.ok(Number.isNaN(parseIsoTime(text)), text);
  assert.equal(parseIsoTime('2030-01-01 12:00Z'), Date.parse('2030-01-01T12:00:00Z'));
  assert.equal(parseIsoTime('2030-01-01T00:00:00.123456Z'), Date.parse('2030-01-01T00:00:00.123Z'));
});
