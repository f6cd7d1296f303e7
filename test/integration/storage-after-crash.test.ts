// kill -9 during an upload leaves the upload's storage reserved (it is taken before extraction and
// given back only by a process that lives to see the failure). On SQLite the next start gives it
// back: nothing can hold a reservation before the server serves (src/workers/recount-storage.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, TEST_BACKEND } from '../support/backend.ts';
import { LONG_UPLOAD_TEXT, runCli, startServerProcess, uploadText } from '../support/processes.ts';
import { openStore } from '../../src/compose.ts';
import { loadConfig } from '../../src/config.ts';

const SKIP =
  TEST_BACKEND === 'postgres'
    ? 'on PostgreSQL other nodes may hold reservations, so nothing is recounted at start (docs/operations.md)'
    : false;

test(
  'kill -9 during an upload, then a restart: the reserved storage is given back (sqlite)',
  { skip: SKIP },
  async (t) => {
    const database = await createTestDatabase();
    const configPath = join(database.env.DATA_DIR, 'config.json');
    writeFileSync(configPath, JSON.stringify({ embeddings: { provider: 'local', workers: 1 } }));
    const env = { ...database.env, COLLOQUY_CONFIG: configPath };
    const storageOf = async (accountId: string, agentId: string) => {
      const store = await openStore(loadConfig(env));
      try {
        const agent = await store.agents.get(accountId, agentId);
        const sources = await store.sources.list(accountId, agentId, {}, { page: 1, size: 10 });
        return { used: agent?.storageUsed, sources: sources.total };
      } finally {
        await store.close();
      }
    };
    let server = await startServerProcess(env);
    try {
      const quick = await runCli(['quickstart', '--plan', 'business'], env);
      assert.equal(quick.code, 0, quick.stderr);
      const [accountId, agentId] = [quick.json.account.id as string, quick.json.agent.id as string];
      const upload = uploadText(server, quick.json.key.key, agentId, 'long.txt', LONG_UPLOAD_TEXT).catch(() => null);
      // Into the embedding: the storage is reserved by then.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      server.child.kill('SIGKILL');
      await once(server.child, 'exit');
      await upload;
      const afterKill = await storageOf(accountId, agentId);
      t.diagnostic(`after kill -9: storage ${afterKill.used} bytes, ${afterKill.sources} sources`);
      assert.equal(afterKill.sources, 0);
      assert.equal(afterKill.used, Buffer.byteLength(LONG_UPLOAD_TEXT), 'the reservation outlived its process');

      server = await startServerProcess(env);
      assert.deepEqual(await storageOf(accountId, agentId), { used: 0, sources: 0 });
      assert.match(server.output(), /storage reserved by work that never finished/);
      // And the agent can use its storage again.
      const stored = await uploadText(
        server,
        quick.json.key.key,
        agentId,
        'short.txt',
        'Moorings cost 30 euros a night.',
      );
      assert.equal(stored.status, 200, await stored.text());
      assert.deepEqual(await storageOf(accountId, agentId), {
        used: Buffer.byteLength('Moorings cost 30 euros a night.'),
        sources: 1,
      });
    } finally {
      await server.stop('SIGKILL');
      await database.drop();
    }
  },
);
