// A key revoked through the CLI is refused by every running server process within a second, though
// each holds key lookups in memory (PostgreSQL: LISTEN/NOTIFY drops them; SQLite: a one-row version number does), and a
// conversation stream it holds open on any of them ends within the streams' re-check interval.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase, TEST_BACKEND } from '../support/backend.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/processes.ts';
import { openStream } from '../support/sse-stream.ts';
import { loadConfig } from '../../src/config.ts';
import { openStore } from '../../src/compose.ts';
import { REAUTHENTICATE_MS } from '../../src/http/stream-authentication.ts';

async function validate(server: ServerProcess, key: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/v1/validate`, {
    headers: { authorization: `Bearer ${key}`, connection: 'close' },
  });
  await response.arrayBuffer();
  return response.status;
}

/** Milliseconds until `server` refuses the key on four requests in a row (every worker). */
async function refusedAfter(server: ServerProcess, key: string, since: number): Promise<number> {
  let refusedInRow = 0;
  while (refusedInRow < 4) {
    if (Date.now() - since > 5_000) throw new Error('the revoked key is still accepted after 5 s');
    refusedInRow = (await validate(server, key)) === 401 ? refusedInRow + 1 : 0;
  }
  return Date.now() - since;
}

test(`a revoked key is refused by every server process within a second (${TEST_BACKEND})`, async (t) => {
  const database = await createTestDatabase();
  const config = { ...database.env, COLLOQUY_CONFIG: '' };
  const servers: ServerProcess[] = [];
  try {
    // One process of two workers and one alone, on the same database.
    servers.push(
      await startServerProcess({ ...config, WORKERS: '2' }),
      await startServerProcess({ ...config, WORKERS: '1' }),
    );
    const quick = await runCli(['quickstart', '--plan', 'business'], config);
    assert.equal(quick.code, 0, quick.stderr);
    const key = quick.json.key.key as string;
    // Warm every cache: each worker has looked the key up.
    for (const server of servers) for (let i = 0; i < 6; i++) assert.equal(await validate(server, key), 200);
    const agentId = quick.json.agent.id as string;
    // A conversation to follow, written straight to the database (a chat would load the encoder).
    const store = await openStore(loadConfig({ ...config }));
    try {
      const at = Date.now();
      const accountId = quick.json.account.id as string;
      const conversation = { id: 'conv_followed', accountId, agentId, userId: 'eve', title: null };
      await store.conversations.insertOrGet({ ...conversation, createdAt: at, updatedAt: at });
    } finally {
      await store.close();
    }
    const streams = await Promise.all(
      servers.map((server) =>
        openStream(`${server.baseUrl}/api/v1/agents/${agentId}/conversations/eve/stream`, {
          authorization: `Bearer ${key}`,
        }),
      ),
    );
    for (const stream of streams) assert.equal((await stream.next()).success, true);

    const revoked = await runCli(['keys', 'revoke', quick.json.key.id], config);
    assert.equal(revoked.code, 0, revoked.stderr);
    const since = Date.now();
    const delays = await Promise.all(servers.map((server) => refusedAfter(server, key, since)));
    t.diagnostic(`refused by every process ${delays.join(' ms, ')} ms after the CLI returned`);
    for (const delay of delays) assert.ok(delay < 1_000, `${delay} ms`);
    for (const stream of streams) {
      const last = await stream.next(REAUTHENTICATE_MS + 2_000);
      assert.equal(last.error?.code, 'AUTH_REQUIRED', JSON.stringify(last));
      assert.equal(await stream.next(1_000), 'end');
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
});
