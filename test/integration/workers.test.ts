// `node src/main.ts` with two HTTP workers (node:cluster): the rate limit is exact across them with
// right RateLimit-* headers, /metrics adds up both workers, a worker that dies is restarted, and
// SIGTERM to the primary stops everything gracefully.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createTestDatabase, TEST_BACKEND } from '../support/backend.ts';
import { runCli, startServerProcess } from '../support/processes.ts';

test(`two workers share one port and one exact rate limit (${TEST_BACKEND})`, async (t) => {
  const database = await createTestDatabase();
  const env = { ...database.env, WORKERS: '2' };
  const server = await startServerProcess(env);
  try {
    // The primary hands connections only to workers that listen: wait for both, which on a busy
    // machine can take seconds after the first.
    const bothBy = Date.now() + 60_000;
    while ((server.output().match(/Colloquy is serving/g) ?? []).length < 2 && Date.now() < bothBy)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const quick = await runCli(['quickstart', '--plan', 'free'], env);
    assert.equal(quick.code, 0, quick.stderr);
    const answers = [];
    // Separate connections: the primary hands each to a worker in turn.
    for (let i = 0; i < 14; i++) {
      const response = await fetch(`${server.baseUrl}/api/v1/validate`, {
        headers: { authorization: `Bearer ${quick.json.key.key}`, connection: 'close' },
      });
      await response.arrayBuffer();
      answers.push({
        status: response.status,
        limit: response.headers.get('ratelimit-limit'),
        remaining: response.headers.get('ratelimit-remaining'),
        reset: Number(response.headers.get('ratelimit-reset')),
      });
    }
    assert.deepEqual(
      answers.map((a) => a.status),
      [...Array(10).fill(200), ...Array(4).fill(429)],
    );
    assert.deepEqual(
      answers.map((a) => a.remaining),
      ['9', '8', '7', '6', '5', '4', '3', '2', '1', '0', '0', '0', '0', '0'],
    );
    for (const answer of answers) {
      assert.equal(answer.limit, '10');
      assert.ok(answer.reset >= 1 && answer.reset <= 60, String(answer.reset));
    }

    // Both workers served, and /metrics on either reports the sum of both.
    const serving = server.output().match(/Colloquy is serving/g) ?? [];
    assert.equal(serving.length, 2, server.output());
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const line = (status: number) =>
      text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('colloquy_http_requests_total{') &&
            l.includes('route="/api/v1/validate"') &&
            l.includes(`status="${status}"`),
        );
    assert.match(line(200) ?? '', / 10$/, text.slice(0, 2000));
    assert.match(line(429) ?? '', / 4$/);
    assert.match(text, /colloquy_rate_limit_rejections_total\{plan="free"\} 4/);

    // A worker killed from outside is replaced.
    const pids = [...server.output().matchAll(/"pid":(\d+)[^\n]*Colloquy is serving/g)].map((m) => Number(m[1]));
    assert.equal(pids.length, 2);
    process.kill(pids[0]!, 'SIGKILL');
    // As generous as a first start (test/support/processes.ts): the wait ends as soon as the
    // replacement serves, and on a busy 2-core machine a process start took over 15 s.
    const deadline = Date.now() + 60_000;
    while ((server.output().match(/Colloquy is serving/g) ?? []).length < 3) {
      assert.ok(Date.now() < deadline, `no replacement worker: ${server.output().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(server.output(), /HTTP worker died; restarting it/);
    const again = await fetch(`${server.baseUrl}/api/v1/ping`);
    assert.equal(again.status, 200);

    // SIGTERM to the primary: every worker stops, the primary exits 0.
    const started = Date.now();
    server.child.kill('SIGTERM');
    const [code] = (await once(server.child, 'exit')) as [number | null];
    t.diagnostic(`cluster stopped in ${Date.now() - started} ms`);
    assert.equal(code, 0, server.output().slice(-3000));
    assert.equal((server.output().match(/"msg":"stopped"/g) ?? []).length, 3, server.output().slice(-3000));
  } finally {
    await server.stop('SIGKILL');
    await database.drop();
  }
});
