import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../domain/errors.ts';
import { namedByOptions } from './operator.ts';

const listOf = (error: unknown) => (error as AppError).details.list;

test('an invalid value is named by the option that set it: --password-file, --hours with its place in the file', () => {
  const password = new AppError('INVALID_BODY', 'The request is invalid.', {
    list: { password: ['must be 10 to 200 characters'] },
  });
  assert.deepEqual(listOf(namedByOptions(password, ['account', 'email', 'password-file', 'role'])), {
    '--password-file': ['must be 10 to 200 characters'],
  });
  const hours = new AppError('INVALID_BODY', 'The request is invalid.', {
    list: {
      'handoff.hours.timeZone': ['must be an IANA time zone, such as Europe/Berlin'],
      'handoff.hours.weekly': ['must list 1 to 14 ranges'],
      name: ['must be 1 to 100 characters'],
    },
  });
  assert.deepEqual(listOf(namedByOptions(hours, ['name', 'hours'])), {
    '--hours': ['timeZone: must be an IANA time zone, such as Europe/Berlin', 'weekly: must list 1 to 14 ranges'],
    '--name': ['must be 1 to 100 characters'],
  });
  // A command without the option keeps the domain's field as it is.
  assert.deepEqual(listOf(namedByOptions(hours, ['name'])), {
    'handoff.hours.timeZone': ['must be an IANA time zone, such as Europe/Berlin'],
    'handoff.hours.weekly': ['must list 1 to 14 ranges'],
    '--name': ['must be 1 to 100 characters'],
  });
});
