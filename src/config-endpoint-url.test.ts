// A provider's baseUrl written without its scheme stops the start, naming the setting, rather than
// making every chat (or search, or moderated message) fail with "unknown scheme".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

function load(file: unknown) {
  const path = join(mkdtempSync(join(tmpdir(), 'colloquy-config-')), 'config.json');
  writeFileSync(path, JSON.stringify(file));
  return loadConfig({ COLLOQUY_CONFIG: path });
}

const refused = (file: unknown, message: string) =>
  assert.throws(
    () => load(file),
    (error: Error) => error instanceof ConfigError && error.message === message,
  );

test('every baseUrl must be an http(s) URL', () => {
  refused(
    { models: [{ id: 'local', provider: 'openai', baseUrl: 'localhost:11434/v1', credits: 1 }] },
    'models: "local" baseUrl must be an http:// or https:// URL, got "localhost:11434/v1"',
  );
  refused(
    { moderation: { provider: 'openai', baseUrl: 'api.openai.com/v1' } },
    'moderation.baseUrl must be an http:// or https:// URL, got "api.openai.com/v1"',
  );
  refused(
    { embeddings: { provider: 'openai', baseUrl: 'ftp://models/v1', model: 'e', dimension: 8 } },
    'embeddings.baseUrl must be an http:// or https:// URL, got "ftp://models/v1"',
  );
  const fine = load({
    models: [{ id: 'local', provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', credits: 1 }],
    embeddings: { provider: 'openai', baseUrl: 'https://api.example.com/v1', model: 'e', dimension: 8 },
  });
  assert.equal(fine.chatModels.find((model) => model.id === 'local')?.baseUrl, 'http://127.0.0.1:11434/v1');
});
