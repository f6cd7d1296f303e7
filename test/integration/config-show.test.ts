// `config show` prints the effective configuration with its secrets masked, without opening the
// store (so it works while the database is down).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

test('config show: the effective configuration, the database password masked, no database needed', () => {
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: 'postgres://app:hunter2@127.0.0.1:1/none',
    OPENAI_API_KEY: 'sk-secret',
    PORT: '8081',
  };
  const run = spawnSync(process.execPath, [CLI, 'config', 'show'], { env, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.ok(!run.stdout.includes('hunter2') && !run.stdout.includes('sk-secret'));
  const config = JSON.parse(run.stdout) as { server: { port: number }; storage: { kind: string; databaseUrl: string } };
  assert.equal(config.server.port, 8081);
  assert.equal(config.storage.kind, 'postgres');
  assert.equal(config.storage.databaseUrl, 'postgres://app:********@127.0.0.1:1/none');
});

test('config show: a bad setting is refused with its name', () => {
  const run = spawnSync(process.execPath, [CLI, 'config', 'show'], {
    env: { PATH: process.env.PATH, COLLOQUY_WORKER_SLOT: 'x' },
    encoding: 'utf8',
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /COLLOQUY_WORKER_SLOT/);
});
