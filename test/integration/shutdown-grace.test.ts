// SIGTERM while an upload is still being embedded: the process stops its work at the end of the
// grace period, answers the upload 503 SERVICE_UNAVAILABLE, and exits 0 within the period (plus
// the time for the work to unwind), instead of waiting for the work or being killed. A chat still
// waiting for its model is answered the same way: 503 before any byte of its reply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, TEST_BACKEND } from '../support/backend.ts';
import { LONG_UPLOAD_TEXT, runCli, startServerProcess, uploadText } from '../support/processes.ts';
import { scriptedModelConfig, startScriptedModelServer } from '../support/scripted-model-server.ts';
import { openStore } from '../../src/compose.ts';
import { loadConfig } from '../../src/config.ts';

const GRACE_MS = 1_500;

test(`SIGTERM during a long upload: the work stops at the end of the grace period and the process exits (${TEST_BACKEND})`, async (t) => {
  const database = await createTestDatabase();
  const configPath = join(database.env.DATA_DIR, 'config.json');
  writeFileSync(
    configPath,
    JSON.stringify({ server: { shutdownGraceMs: GRACE_MS }, embeddings: { provider: 'local', workers: 1 } }),
  );
  const env = { ...database.env, COLLOQUY_CONFIG: configPath };
  const server = await startServerProcess(env);
  try {
    const quick = await runCli(['quickstart', '--plan', 'business'], env);
    assert.equal(quick.code, 0, quick.stderr);
    const answer = uploadText(server, quick.json.key.key, quick.json.agent.id, 'long.txt', LONG_UPLOAD_TEXT).then(
      async (response) => ({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as { error?: { code?: string } },
      }),
      (error: unknown) => ({ status: 0, retryAfter: null, body: { error: { code: String(error) } } }),
    );
    // Well into the embedding (the model loads, then each batch takes seconds).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const started = Date.now();
    server.child.kill('SIGTERM');
    const [code] = (await once(server.child, 'exit')) as [number | null];
    const tookMs = Date.now() - started;
    const reply = await answer;
    t.diagnostic(
      `exit ${code} ${tookMs} ms after SIGTERM (grace ${GRACE_MS} ms); the upload was answered ${reply.status}`,
    );
    assert.equal(code, 0, server.output().slice(-3000));
    assert.ok(tookMs < GRACE_MS + 2_500, `stopped within the grace period and the unwinding (${tookMs} ms)`);
    assert.equal(reply.status, 503, JSON.stringify(reply.body));
    assert.equal(reply.body.error?.code, 'SERVICE_UNAVAILABLE');
    assert.equal(reply.retryAfter, '1');
  } finally {
    await server.stop('SIGKILL');
    await database.drop();
  }
});

test(`SIGTERM while chats wait for their model: answered 503 with Retry-After before any byte of the reply (${TEST_BACKEND})`, async (t) => {
  const model = await startScriptedModelServer();
  const database = await createTestDatabase();
  const configPath = join(database.env.DATA_DIR, 'config.json');
  writeFileSync(
    configPath,
    JSON.stringify({ ...scriptedModelConfig(model.baseUrl), server: { shutdownGraceMs: GRACE_MS } }),
  );
  const env = { ...database.env, COLLOQUY_CONFIG: configPath };
  const server = await startServerProcess(env);
  try {
    const quick = await runCli(['quickstart', '--plan', 'business'], env);
    assert.equal(quick.code, 0, quick.stderr);
    const agentId = quick.json.agent.id as string;
    assert.equal((await runCli(['agents', 'update', agentId, '--model', 'scripted'], env)).code, 0);
    const initialBalance = await readBalance(env, quick.json.account.id as string);
    // Both replies come later than the grace period (the model's own time-out is 3 s).
    model.enqueue({ content: ['Too late.'], delayMs: 2_800 });
    model.enqueue({ content: ['Too late.'], delayMs: 2_800 });
    const chat = (stream: boolean) =>
      fetch(`${server.baseUrl}/api/v1/agents/${agentId}/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${quick.json.key.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'When does the harbour office open?', stream }),
      }).then(
        async (response) => ({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          type: response.headers.get('content-type'),
          body: await response.text(),
        }),
        (error: unknown) => ({ status: 0, retryAfter: null, type: null, body: String(error) }),
      );
    const replies = Promise.all([chat(false), chat(true)]);
    await model.waitForRequests(2, 10_000);
    server.child.kill('SIGTERM');
    const [code] = (await once(server.child, 'exit')) as [number | null];
    for (const reply of await replies) {
      t.diagnostic(`answered ${reply.status} ${reply.type}: ${reply.body.slice(0, 200)}`);
      assert.equal(reply.status, 503, reply.body);
      assert.equal(reply.retryAfter, '1');
      assert.equal((JSON.parse(reply.body) as { error: { code: string } }).error.code, 'SERVICE_UNAVAILABLE');
    }
    assert.equal(code, 0, server.output().slice(-3000));
    // Nothing charged; the failures are recorded with the code the clients were given.
    assert.equal(await readBalance(env, quick.json.account.id as string), initialBalance);
    const store = await openStore(loadConfig(env));
    try {
      const accountId = quick.json.account.id as string;
      const failed = (await store.events.list(accountId, { page: 1, size: 100 })).items.filter(
        (e) => e.type === 'chat.failed',
      );
      assert.equal(failed.length, 2);
      for (const event of failed)
        assert.equal((event.data as { error: { code: string } }).error.code, 'SERVICE_UNAVAILABLE');
      assert.equal(
        (await store.events.list(accountId, { page: 1, size: 100 })).items.filter((e) => e.type === 'chat.completed')
          .length,
        0,
      );
    } finally {
      await store.close();
    }
  } finally {
    await server.stop('SIGKILL');
    await database.drop();
    await model.close();
  }
});

async function readBalance(env: Record<string, string>, accountId: string): Promise<number | undefined> {
  const store = await openStore(loadConfig(env));
  try {
    return (await store.accounts.get(accountId))?.creditBalance;
  } finally {
    await store.close();
  }
}
