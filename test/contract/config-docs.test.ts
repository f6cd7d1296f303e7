// docs/configuration-reference.md and config.schema.json are generated from src/config-schema.ts:
// the committed files must be what `npm run config:docs` writes now.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CONFIG_DOC, CONFIG_JSON_SCHEMA, configDoc, configJsonSchema } from '../../scripts/config-docs.ts';

const STALE = 'the configuration schema changed: run `npm run config:docs` and commit the files';

test('docs/configuration-reference.md carries the reference generated from the schema', () => {
  const committed = readFileSync(CONFIG_DOC, 'utf8');
  assert.ok(committed === configDoc(committed), STALE);
});

test('config.schema.json is the schema of the config file', () => {
  assert.ok(readFileSync(CONFIG_JSON_SCHEMA, 'utf8') === configJsonSchema(), STALE);
});
