import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../domain/errors.ts';
import { watchAuthentication } from './stream-authentication.ts';

test('a refusal ends the watch once; a failure that is not a refusal (the database away) is tried again', async () => {
  const answers: (Error | null)[] = [null, new Error('connection refused'), null, new AppError('AUTH_REQUIRED', 'x')];
  let checks = 0;
  const lapses: unknown[] = [];
  const request = {
    reauthenticate: async () => {
      const answer = answers[checks++] ?? null;
      if (answer) throw answer;
    },
  };
  watchAuthentication(request, (refusal) => lapses.push(refusal), 5);
  await sleep(100);
  assert.equal(checks, 4, 'no check after the refusal');
  assert.equal(lapses.length, 1);
  assert.equal((lapses[0] as AppError).code, 'AUTH_REQUIRED');
});

test('stop ends the checks; a request without credentials to check is never checked', async () => {
  let checks = 0;
  const stop = watchAuthentication({ reauthenticate: async () => void checks++ }, () => assert.fail('lapsed'), 5);
  await sleep(30);
  stop();
  const seen = checks;
  assert.ok(seen > 0);
  await sleep(30);
  assert.equal(checks, seen);
  watchAuthentication({ reauthenticate: null }, () => assert.fail('lapsed'), 5)();
});
