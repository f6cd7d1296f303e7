// The schema config.ts runs (config.schema.json) is the one config-schema.ts declares, section by
// section: each name config-json-schema.ts picks out of the file is the declaration of that name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as declared from './config-schema.ts';
import * as running from './config-json-schema.ts';

test('each section read from config.schema.json is the schema config-schema.ts declares', () => {
  const names = Object.keys(running).filter((name) => name.endsWith('Schema'));
  assert.ok(names.length > 10);
  for (const name of names) {
    const source = (declared as Record<string, unknown>)[name];
    assert.ok(source, `${name} is declared in config-schema.ts`);
    assert.deepEqual((running as Record<string, unknown>)[name], JSON.parse(JSON.stringify(source)), name);
  }
});
