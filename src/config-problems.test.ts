// A config file section that is one of several shapes (the moderation and embedding providers) is
// told apart by its provider: a wrong provider is told the names, a right one only its own shape's faults.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(file: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'colloquy-config-')), 'config.json');
  writeFileSync(path, JSON.stringify(file));
  try {
    loadConfig({ COLLOQUY_CONFIG: path });
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return error.message.replace(`COLLOQUY_CONFIG ${path} is invalid: `, '');
  }
  assert.fail('the file was accepted');
}

test('a provider no shape has is told the providers there are', () => {
  assert.equal(
    problemsOf({ moderation: { provider: 'bogus' } }),
    'moderation.provider: must be one of "local", "none", "openai"',
  );
  assert.equal(
    problemsOf({ embeddings: { provider: 'ollama' } }),
    'embeddings.provider: must be one of "local", "openai"',
  );
});

test("a known provider is told only its own shape's faults, each once", () => {
  assert.equal(
    problemsOf({ embeddings: { provider: 'openai' } }),
    "embeddings: must have required property 'baseUrl'; embeddings: must have required property 'model'; embeddings: must have required property 'dimension'",
  );
  assert.equal(
    problemsOf({ embeddings: { provider: 'local', foo: 1 } }),
    'embeddings: must NOT have additional properties "foo"',
  );
  assert.equal(problemsOf({ moderation: { provider: 'openai', baseUrl: 5 } }), 'moderation.baseUrl: must be string');
  assert.equal(problemsOf({ moderation: {} }), "moderation: must have required property 'provider'");
  assert.equal(problemsOf({ plans: { gold: {} } }), 'plans: must NOT have additional properties "gold"');
});
