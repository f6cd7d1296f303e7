// Two server processes share one account's count: for a free-plan account exactly 10 requests in
// the window succeed across both, through PostgreSQL's table and through Redis.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPostgresDatabase, postgresAdminUrl, TEST_BACKEND } from '../support/backend.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/processes.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const adminUrl = postgresAdminUrl();
const redisUrl = process.env.TEST_REDIS_URL ?? null;
if (process.env.CI && !redisUrl) throw new Error('CI must provide TEST_REDIS_URL');
// Neither test uses the suite's backend (each names its own stores), so each runs in one pass of
// the suite only: PostgreSQL's in the PostgreSQL pass, Redis on a SQLite file in the SQLite pass.
const pgSkip =
  TEST_BACKEND !== 'postgres'
    ? 'the same on every pass: runs in the PostgreSQL pass'
    : adminUrl
      ? false
      : 'no TEST_DATABASE_URL: PostgreSQL not available here';
const redisSkip =
  TEST_BACKEND !== 'sqlite'
    ? 'the same on every pass: runs in the SQLite pass'
    : redisUrl
      ? false
      : 'no TEST_REDIS_URL: Redis not available here';

async function sharedCount(env: Record<string, string>): Promise<void> {
  const servers: ServerProcess[] = [];
  try {
    servers.push(await startServerProcess(env), await startServerProcess(env));
    const quick = await runCli(['quickstart', '--plan', 'free'], env);
    assert.equal(quick.code, 0, quick.stderr);
    const second = await runCli(['keys', 'create', '--account', quick.json.account.id, '--name', 'second key'], env);
    const keys = [quick.json.key.key, second.json.key];
    const statuses: number[] = [];
    // Alternate servers and keys: the count is the account's, wherever the request lands.
    for (let i = 0; i < 16; i++) {
      const response = await fetch(`${servers[i % 2]!.baseUrl}/api/v1/validate`, {
        headers: { authorization: `Bearer ${keys[Math.floor(i / 2) % 2]}` },
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    assert.equal(statuses.filter((s) => s === 200).length, 10, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 6, statuses.join(','));
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(200));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

describe('rate limit shared by two server processes', { skip: pgSkip }, () => {
  let pg: { url: string; drop: () => Promise<void> };
  before(async () => {
    pg = await createPostgresDatabase(adminUrl as string);
  });
  after(() => pg.drop());

  test('on one PostgreSQL', async () => {
    // One process per node (WORKERS 1), as on SQLite: the subject is two processes, and a PostgreSQL
    // node's default cluster (one HTTP worker per core, each counting in the same table) is
    // workers.test.ts's and key-revocation.test.ts's.
    await sharedCount({ DATA_DIR: mkdtempSync(join(tmpdir(), 'colloquy-rl-')), DATABASE_URL: pg.url, WORKERS: '1' });
  });
});

describe('rate limit shared through Redis', { skip: redisSkip }, () => {
  test('two processes on one SQLite file, counting in Redis', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-rl-'));
    try {
      // A fresh key prefix per run is not needed: each run's account id is new.
      await sharedCount({ DATA_DIR: dataDir, REDIS_URL: redisUrl as string });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
