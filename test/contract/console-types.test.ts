// The console's admin API types are generated from the OpenAPI document the server serves: the
// committed file must be what `npm run console:types` writes now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CONSOLE_TYPES_FILE, consoleTypesSource } from '../../scripts/console-types.ts';

test('console/src/api/admin-api.generated.ts matches the admin OpenAPI document', async () => {
  const committed = readFileSync(CONSOLE_TYPES_FILE, 'utf8');
  assert.ok(
    committed === (await consoleTypesSource()),
    'the admin API changed: run `npm run console:types` and commit the file',
  );
});
