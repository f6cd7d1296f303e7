import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

test('defaults need nothing: SQLite in ./data on 127.0.0.1:3000, the spec rate limits', () => {
  const config = loadConfig({});
  assert.deepEqual(config.storage, { kind: 'sqlite', dataDir: resolve('./data') });
  assert.equal(config.server.host, '127.0.0.1');
  assert.equal(config.server.port, 3000);
  assert.equal(config.redisUrl, null);
  assert.deepEqual(
    Object.fromEntries(Object.entries(config.catalog.plans).map(([name, plan]) => [name, plan.requestsPerMinute])),
    { free: 10, starter: 60, pro: 300, business: 1000 },
  );
  assert.equal(config.network.allowPrivateAddresses, false);
});

test('environment and file: postgres URL, plan overrides merged over defaults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify({ plans: { free: { requestsPerMinute: 5 } }, network: { allowPrivateAddresses: true } }));
  const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', DATA_DIR: dir, PORT: '8080', HOST: '0.0.0.0', COLLOQUY_CONFIG: path, REDIS_URL: 'redis://h:6379' });
  assert.deepEqual(config.storage, { kind: 'postgres', databaseUrl: 'postgres://u@h/db', dataDir: dir });
  assert.equal(config.catalog.plans.free.requestsPerMinute, 5);
  assert.equal(config.catalog.plans.free.storageLimit, 400_000);
  assert.equal(config.server.port, 8080);
  assert.equal(config.redisUrl, 'redis://h:6379');
  assert.equal(config.network.allowPrivateAddresses, true);
});

test('a duplicate model id is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  const model = { id: 'm', provider: 'extractive', credits: 1 };
  writeFileSync(path, JSON.stringify({ models: [model, model] }));
  assert.throws(() => loadConfig({ COLLOQUY_CONFIG: path }), (e: Error) => e instanceof ConfigError && /"m" appears twice/.test(e.message));
});

test('trusted proxies must be addresses or CIDR ranges', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify({ server: { trustedProxies: ['10.0.0.0/8', 'proxy.internal'] } }));
  assert.throws(() => loadConfig({ COLLOQUY_CONFIG: path }), /server\.trustedProxies: "proxy\.internal" is not an IP address or CIDR range/);
});

test('credits: renewals on every minute by default; the file may turn them off or change the interval', () => {
  assert.deepEqual(loadConfig({}).credits, { renewals: true, renewalIntervalMs: 60_000 });
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify({ credits: { renewals: false, renewalIntervalMs: 5_000 } }));
  assert.deepEqual(loadConfig({ COLLOQUY_CONFIG: path }).credits, { renewals: false, renewalIntervalMs: 5_000 });
  writeFileSync(path, JSON.stringify({ credits: { renewalIntervalMs: 10 } }));
  assert.throws(() => loadConfig({ COLLOQUY_CONFIG: path }), (e: Error) => e instanceof ConfigError && /credits\.renewalIntervalMs/.test(e.message));
  writeFileSync(path, JSON.stringify({ credits: { renew: true } }));
  assert.throws(() => loadConfig({ COLLOQUY_CONFIG: path }), (e: Error) => e instanceof ConfigError && /"renew"/.test(e.message));
});
