// npm start's entry as a process: config errors named at start, logs without secrets, SIGTERM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runCli, startExpectingExit, startServerProcess } from '../support/processes.ts';
import { createTestDatabase, TEST_BACKEND } from '../support/backend.ts';
import { loadConfig } from '../../src/config.ts';
import { closeDomainDeps, createDomainDeps } from '../../src/compose.ts';
import { buildApp } from '../../src/http/build-app.ts';
import { createMemoryRateLimiter } from '../../src/rate-limit/flexible-rate-limiter.ts';

// The start stops at the configuration, before any database is opened (a SQLite DATA_DIR, whatever
// the suite's backend): the same test on every pass, so it runs in the SQLite pass only.
const CONFIG_SKIP =
  TEST_BACKEND === 'postgres' ? 'the configuration is read before any database: runs in the SQLite pass' : false;

test('a bad config file stops the start with a message naming the field', { skip: CONFIG_SKIP }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const cases: Array<[unknown, RegExp]> = [
    [{ plans: { free: { requestsPerMinute: 'lots' } } }, /plans\.free\.requestsPerMinute: must be integer/],
    [{ plans: { gold: {} } }, /plans: must NOT have additional properties "gold"/],
    [
      { plans: { free: { models: ['nope'] } } },
      /plans\.free\.models names "nope", which is not in models \(the catalog has colloquy-extractive, gpt-4o-mini, gpt-4o\)/,
    ],
    [{ network: { allowPrivateAddresses: 'yes' } }, /network\.allowPrivateAddresses: must be boolean/],
  ];
  for (const [content, message] of cases) {
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify(content));
    const result = await startExpectingExit({ DATA_DIR: dir, COLLOQUY_CONFIG: path, PORT: '0' });
    assert.equal(result.code, 1);
    assert.match(result.stderr, message);
  }
  const missing = await startExpectingExit({ DATA_DIR: dir, COLLOQUY_CONFIG: join(dir, 'absent.json'), PORT: '0' });
  assert.match(missing.stderr, /COLLOQUY_CONFIG: cannot read/);
  const badPort = await startExpectingExit({ DATA_DIR: dir, PORT: 'eighty' });
  assert.match(badPort.stderr, /PORT must be an integer/);
  const badUrl = await startExpectingExit({ DATA_DIR: dir, DATABASE_URL: 'mysql://x' });
  assert.match(badUrl.stderr, /DATABASE_URL must be a postgres:\/\//);
  const taken = createServer().listen(0, '127.0.0.1');
  await once(taken, 'listening');
  const { port } = taken.address() as AddressInfo;
  // Alone, and as a cluster primary (which would otherwise restart its dying workers for ever).
  for (const workers of ['1', '2']) {
    const busy = await startExpectingExit({ DATA_DIR: dir, PORT: String(port), WORKERS: workers });
    assert.equal(busy.code, 1);
    assert.match(
      busy.stderr,
      new RegExp(`^colloquy: cannot start: HOST/PORT: cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`, 'm'),
    );
    assert.doesNotMatch(busy.stderr, /\n\s+at /, 'no stack');
    // A HOST that names no address (a typo) is a setting to change too, not a stack trace.
    const nowhere = await startExpectingExit({ DATA_DIR: dir, HOST: 'colloquy.invalid', PORT: '0', WORKERS: workers });
    assert.equal(nowhere.code, 1);
    assert.match(
      nowhere.stderr,
      /^colloquy: cannot start: HOST\/PORT: cannot listen on colloquy\.invalid:0: .*(ENOTFOUND|EAI_AGAIN)/m,
    );
    assert.doesNotMatch(nowhere.stderr, /\n\s+at /, 'no stack');
  }
  taken.close();
});

test('a DATA_DIR where a file stands stops the start and the CLI saying so', { skip: CONFIG_SKIP }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-data-file-'));
  const file = join(dir, 'colloquy-data');
  writeFileSync(file, 'not a folder');
  const started = await startExpectingExit({ DATA_DIR: file, PORT: '0' });
  assert.deepEqual(
    [started.code, started.stderr],
    [1, `colloquy: cannot start: DATA_DIR ${file} is not a folder: a file stands at that path or on its way\n`],
  );
  const created = await runCli(['accounts', 'create', '--name', 'X'], { DATA_DIR: join(file, 'below') });
  assert.deepEqual(
    [created.code, created.stdout, created.stderr],
    [1, '', `colloquy: DATA_DIR ${join(file, 'below')} is not a folder: a file stands at that path or on its way\n`],
  );
});

// The suite's PostgreSQL server answers for the database that does not exist.
const UNREACHABLE_SKIP =
  TEST_BACKEND === 'postgres' ? false : "needs the suite's PostgreSQL: runs in the PostgreSQL pass";

test(
  'a DATABASE_URL that cannot be used stops the start (and the CLI) saying which server and why',
  { skip: UNREACHABLE_SKIP },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'colloquy-no-postgres-'));
    const refused = new URL('postgres://app:hunter2@127.0.0.1/outd');
    refused.port = String(await freePort());
    const missing = new URL(process.env.TEST_DATABASE_URL as string);
    missing.pathname = '/colloquy_no_such_database';
    const cases: Array<[URL, RegExp]> = [
      [
        refused,
        new RegExp(
          `DATABASE_URL: cannot connect to PostgreSQL at 127\\.0\\.0\\.1:${refused.port}, database "outd": connect ECONNREFUSED`,
        ),
      ],
      [
        missing,
        /DATABASE_URL: cannot connect to PostgreSQL at .+, database "colloquy_no_such_database": database "colloquy_no_such_database" does not exist/,
      ],
    ];
    for (const [url, message] of cases) {
      const env = { DATA_DIR: dir, DATABASE_URL: url.toString(), COLLOQUY_CONFIG: '', PORT: '0' };
      const server = await startExpectingExit(env);
      const cli = await runCli(['accounts', 'show', 'acc_1'], env);
      for (const [what, result, prefix] of [
        ['server', server, 'cannot start: '],
        ['CLI', cli, ''],
      ] as const) {
        assert.equal(result.code, 1, what);
        assert.match(
          result.stderr,
          new RegExp(`^colloquy: ${prefix}${message.source}.*$`, 'm'),
          `${what}: ${result.stderr}`,
        );
        assert.doesNotMatch(
          result.stderr,
          /migration|try again shortly|\n\s+at /,
          `${what}: no stack, not a failed migration`,
        );
        assert.ok(!result.stderr.includes('hunter2'), `${what}: never the password`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  },
);

test('logs carry request ids and never the key; SIGTERM closes the database and exits 0', async () => {
  const database = await createTestDatabase();
  const server = await startServerProcess(database.env);
  try {
    const quick = await runCli(['quickstart'], database.env);
    const key: string = quick.json.key.key;
    const validate = await fetch(`${server.baseUrl}/api/v1/validate`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(validate.status, 200);
    const requestId = validate.headers.get('x-request-id');
    await fetch(`${server.baseUrl}/api/v1/validate?api_key=${key}`);
    const code = await server.stop('SIGTERM');
    assert.equal(code, 0);
    const logs = server.output();
    assert.ok(requestId && logs.includes(requestId), 'the request id is logged');
    assert.ok(!logs.includes(key), 'the key never appears in the logs');
    assert.match(logs, /api_key=%5BREDACTED%5D|api_key=\[REDACTED\]/);
    assert.match(logs, /"msg":"stopped"/);
  } finally {
    await server.stop('SIGKILL');
    await database.drop();
  }
});

test('closing the app (what SIGTERM does) lets a request in flight finish and refuses new ones', async () => {
  const database = await createTestDatabase();
  const config = loadConfig({ ...database.env, LOG_LEVEL: 'silent' });
  const deps = await createDomainDeps(config);
  const app = await buildApp({ domain: deps, rateLimiter: createMemoryRateLimiter(), server: config.server });
  // The close starts once the slow request is in the handler, not after a fixed wait: on a busy
  // machine the request could still be on its way, and a request that arrives while closing is 503.
  let arrived: () => void = () => undefined;
  const inHandler = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/slow', async () => {
    arrived();
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  try {
    const slow = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => [r.status, await r.json()]);
    await inHandler;
    const closing = app.closeGracefully();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await assert.rejects(fetch(`http://127.0.0.1:${port}/api/v1/ping`), 'no new connections while closing');
    assert.deepEqual(await slow, [200, { done: true }]);
    const started = Date.now();
    await closing;
    assert.ok(Date.now() - started < 2000, 'closing does not wait out the keep-alive time-out');
  } finally {
    await closeDomainDeps(deps);
    await database.drop();
  }
});
