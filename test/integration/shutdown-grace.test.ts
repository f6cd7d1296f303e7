// SIGTERM while an upload is still being embedded: the process stops its work at the end of the
// grace period, answers the upload 503 SERVICE_UNAVAILABLE, and exits 0 within the period (plus
// the time for the work to unwind), instead of waiting for the work or being killed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, TEST_BACKEND } from '../support/backend.ts';
import { runCli, startServerProcess } from '../support/processes.ts';

const GRACE_MS = 1_500;

test(`SIGTERM during a long upload: the work stops at the end of the grace period and the process exits (${TEST_BACKEND})`, async (t) => {
  const database = await createTestDatabase();
  const configPath = join(database.env.DATA_DIR, 'config.json');
  writeFileSync(configPath, JSON.stringify({ server: { shutdownGraceMs: GRACE_MS }, embeddings: { provider: 'local', workers: 1 } }));
  const env = { ...database.env, COLLOQUY_CONFIG: configPath };
  const server = await startServerProcess(env);
  try {
    const quick = await runCli(['quickstart', '--plan', 'business'], env);
    assert.equal(quick.code, 0, quick.stderr);
    // ~400 passages: about a minute of embedding on one thread.
    const text = Array.from({ length: 1_600 }, (_, i) => `Paragraph ${i} on harbour rules: boats ${i % 7} and moorings ${i % 11} are checked each week by the harbour master.`).join('\n\n');
    const form = new FormData();
    form.append('file', new Blob([text]), 'long.txt');
    const answer = fetch(`${server.baseUrl}/api/v1/agents/${quick.json.agent.id}/sources/files`, { method: 'POST', headers: { authorization: `Bearer ${quick.json.key.key}` }, body: form }).then(
      async (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { error?: { code?: string } } }),
      (error: unknown) => ({ status: 0, retryAfter: null, body: { error: { code: String(error) } } }),
    );
    // Well into the embedding (the model loads, then each batch takes seconds).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const started = Date.now();
    server.child.kill('SIGTERM');
    const [code] = (await once(server.child, 'exit')) as [number | null];
    const tookMs = Date.now() - started;
    const reply = await answer;
    t.diagnostic(`exit ${code} ${tookMs} ms after SIGTERM (grace ${GRACE_MS} ms); the upload was answered ${reply.status}`);
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
