import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../errors.ts';
import { toPeriod } from './period.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');

const refusal = (list: Record<string, string[]>) => new AppError('INVALID_BODY', 'The period is not valid.', { list });

test('toPeriod reads ISO date-times into [from, to)', () => {
  assert.deepEqual(toPeriod(NOW, { from: '2026-02-28T10:00:00Z', to: '2026-03-01T00:00:00+01:00' }), {
    from: Date.parse('2026-02-28T10:00:00Z'),
    to: Date.parse('2026-02-28T23:00:00Z'),
  });
  // RFC 3339 (the schema's `date-time`) allows a lower-case separator.
  assert.deepEqual(toPeriod(NOW, { from: '2026-11-01t00:00:00z' }), {
    from: Date.parse('2026-11-01T00:00:00Z'),
    to: NOW + 1,
  });
});

test('toPeriod refuses a day the month does not have, which Date.parse rolls into the next month', () => {
  assert.throws(
    () => toPeriod(NOW, { from: '2026-02-30T10:00:00Z', to: '2026-03-05T00:00:00Z' }),
    refusal({ from: ['must be an ISO 8601 date-time'] }),
  );
  assert.throws(
    () => toPeriod(NOW, { from: '2026-04-01T00:00:00Z', to: '2026-04-31T00:00:00Z' }),
    refusal({ to: ['must be an ISO 8601 date-time'] }),
  );
});

test('toPeriod refuses an empty or too long period', () => {
  assert.throws(
    () => toPeriod(NOW, { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }),
    refusal({ from: ['must be before `to`'] }),
  );
  assert.throws(
    () => toPeriod(NOW, { from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
    refusal({ from: ['the period is at most 366 days'] }),
  );
});
