// Distributed ingestion on PostgreSQL: real `node src/main.ts` processes on one database share the
// pg-boss ingestion queue. A front node with no ingestion workers takes the uploads; the others
// run them. Consumers and waiters are killed with SIGKILL mid-job. The embedder is a scripted
// OpenAI-compatible endpoint (a fake at the edge) that can hold a request, so a job is caught
// mid-embedding on purpose.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runCli, startServerProcess, uploadText, type ServerProcess } from '../support/processes.ts';
import { createPostgresDatabase, postgresAdminUrl, TEST_BACKEND } from '../support/backend.ts';

const skip = TEST_BACKEND !== 'postgres' ? 'runs in the PostgreSQL pass' : false;
const DIMENSION = 8;

/** An OpenAI-compatible /embeddings endpoint: deterministic vectors; `holdNext()` keeps the next
 * request waiting until `release()`. */
async function startEmbeddingServer() {
  let holding: { arrived: () => void; release: Promise<void>; open: () => void } | null = null;
  let requests = 0;
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    requests += 1;
    const held = holding;
    if (held) {
      holding = null;
      held.arrived();
      await held.release;
    }
    // A little work per batch, so jobs overlap and spread over the consumers.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const input = (JSON.parse(body) as { input: string[] }).input;
    if (input.some((text) => text.includes('POISON'))) {
      response.statusCode = 500;
      return response.end('{}');
    }
    const data = input.map((text, index) => ({
      index,
      embedding: Array.from({ length: DIMENSION }, (_, d) => ((text.charCodeAt(d % text.length) || 1) % 7) + d + 1),
    }));
    if (!response.destroyed) response.end(JSON.stringify({ data }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    /** Resolves when the held request has arrived; `release` lets it (and later ones) through. */
    holdNext() {
      let arrived!: () => void;
      let open!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      const release = new Promise<void>((resolve) => (open = resolve));
      holding = { arrived, release, open };
      return { arrival, release: () => open() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function document(label: string): string {
  return Array.from({ length: 12 }, (_, i) =>
    `${label} paragraph ${i}: the harbour stores boats from November to March, and the slipway opens at dawn. `.repeat(
      6,
    ),
  ).join('\n\n');
}

async function waitUntil<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('ingestion on the pg-boss queue across processes', { skip }, () => {
  let embeddings: Awaited<ReturnType<typeof startEmbeddingServer>>;
  let database: { url: string; drop: () => Promise<void> };
  let db: pg.Client;
  let dir: string;
  let frontEnv: Record<string, string>;
  let backEnv: Record<string, string>;
  const nodes: ServerProcess[] = [];
  let front: ServerProcess;
  let key: string;
  let agentId: string;
  let accountId: string;

  const startNode = async (env: Record<string, string>) => {
    const node = await startServerProcess(env);
    nodes.push(node);
    return node;
  };
  const storageUsed = async () =>
    Number((await db.query('SELECT storage_used FROM agents WHERE id = $1', [agentId])).rows[0].storage_used);
  const credits = async () =>
    Number((await db.query('SELECT credit_balance FROM accounts WHERE id = $1', [accountId])).rows[0].credit_balance);
  const jobRow = async (title: string) =>
    (
      await db.query(
        "SELECT id, state, attempts, worker FROM ingest_jobs WHERE job->'task'->>'filename' = $1 OR outcome->'source'->>'title' = $1",
        [title],
      )
    ).rows[0] as { state: string; attempts: number; worker: string | null } | undefined;

  /** Every source's chunks: none doubled, ordinals 0..n-1, and storage equal to the files' sizes. */
  async function assertExact(expectedSources: number, expectedStorage: number) {
    const sources = (await db.query('SELECT id, title, storage FROM sources WHERE agent_id = $1', [agentId]))
      .rows as Array<{ id: string; title: string; storage: string }>;
    assert.equal(sources.length, expectedSources, `sources: ${sources.map((s) => s.title).join(', ')}`);
    assert.equal(new Set(sources.map((s) => s.title)).size, sources.length, 'no source stored twice');
    const doubled = await db.query(
      'SELECT source_id, ordinal FROM chunks WHERE agent_id = $1 GROUP BY source_id, ordinal HAVING count(*) > 1',
      [agentId],
    );
    assert.equal(doubled.rowCount, 0, 'no chunk stored twice');
    const gaps = await db.query(
      'SELECT source_id FROM chunks WHERE agent_id = $1 GROUP BY source_id HAVING max(ordinal) + 1 <> count(*)',
      [agentId],
    );
    assert.equal(gaps.rowCount, 0, 'each source has all its chunks');
    assert.equal(await storageUsed(), expectedStorage, 'storage used is exactly the stored files');
    assert.equal(
      sources.reduce((sum, s) => sum + Number(s.storage), 0),
      expectedStorage,
    );
  }

  before(async () => {
    embeddings = await startEmbeddingServer();
    database = await createPostgresDatabase(postgresAdminUrl() as string);
    dir = mkdtempSync(join(tmpdir(), 'colloquy-ingest-queue-'));
    const base = {
      plans: { business: { requestsPerMinute: 1_000_000 } },
      embeddings: {
        provider: 'openai',
        baseUrl: embeddings.baseUrl,
        model: 'scripted-embed',
        dimension: DIMENSION,
        batchSize: 4,
      },
      moderation: { provider: 'none' },
      // The shortest waits pg-boss allows: a retry is tried at once and found within half a second.
      ingestion: { heartbeatSeconds: 10, superviseSeconds: 1, retryLimit: 2, retryDelaySeconds: 0, pollSeconds: 0.5 },
      // One process per node, so that a node's pid names the process that ran a job and SIGKILL
      // stops its consumer (several HTTP workers per node are workers.test.ts's subject).
      server: { workers: 1 },
    };
    const write = (name: string, config: object) => {
      writeFileSync(join(dir, name), JSON.stringify(config));
      return { DATA_DIR: dir, DATABASE_URL: database.url, COLLOQUY_CONFIG: join(dir, name), LOG_LEVEL: 'warn' };
    };
    frontEnv = write('front.json', { ...base, ingestion: { ...base.ingestion, workers: 0 } });
    backEnv = write('back.json', { ...base, ingestion: { ...base.ingestion, workers: 1 } });
    const quick = await runCli(['quickstart', '--plan', 'business'], frontEnv);
    assert.equal(quick.code, 0, quick.stderr);
    ({ key } = quick.json.key);
    agentId = quick.json.agent.id;
    accountId = quick.json.account.id;
    // One after another: three processes loading at once on a busy 2-core machine is slow.
    front = await startNode(frontEnv);
    await startNode(backEnv);
    await startNode(backEnv);
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });

  after(async () => {
    await Promise.all(nodes.map((node) => node.stop('SIGKILL').catch(() => null)));
    await db?.end().catch(() => {});
    await database?.drop().catch(() => {});
    await embeddings?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let expectedSources = 0;
  let expectedStorage = 0;

  test('uploads to a node without workers are indexed by the other nodes before the answer', async () => {
    const creditsBefore = await credits();
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `spread-${i}.txt`, text: document(`spread ${i}`) }));
    const answers = await Promise.all(files.map((file) => uploadText(front, key, agentId, file.name, file.text)));
    for (const answer of answers) assert.equal(answer.status, 200, await answer.clone().text());
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{
      source: { id: string; title: string };
    }>;
    const listed = (await (
      await fetch(`${front.baseUrl}/api/v1/agents/${agentId}/sources?limit=100`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { sources: Array<{ id: string }> };
    const listedIds = new Set(listed.sources.map((source) => source.id));
    for (const body of bodies) assert.ok(listedIds.has(body.source.id), 'each answered source is listed at once');
    const rows = (await db.query("SELECT state, worker FROM ingest_jobs WHERE state = 'stored'")).rows as Array<{
      worker: string;
    }>;
    assert.equal(rows.length, 6);
    const frontWorker = `:${front.child.pid}`;
    assert.ok(
      rows.every((row) => !row.worker.endsWith(frontWorker)),
      'the front node ran none',
    );
    assert.equal(
      new Set(rows.map((row) => row.worker)).size,
      2,
      `both consuming nodes took jobs: ${rows.map((row) => row.worker).join(', ')}`,
    );
    expectedSources += 6;
    expectedStorage += files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
    await assertExact(expectedSources, expectedStorage);
    assert.equal(await credits(), creditsBefore, 'indexing charges no credits');
  });

  test('a consumer killed mid-job (SIGKILL): the job is retried on another node and stored once', async () => {
    const creditsBefore = await credits();
    const hold = embeddings.holdNext();
    const text = document('killed consumer');
    const answer = uploadText(front, key, agentId, 'killed-consumer.txt', text);
    await hold.arrival;
    const row = await waitUntil('the job to be claimed', async () => {
      const claimed = await jobRow('killed-consumer.txt');
      return claimed?.worker ? claimed : null;
    });
    const victim = nodes.find((node) => row.worker?.endsWith(`:${node.child.pid}`));
    assert.ok(victim && victim !== front, `the job runs on a consuming node (${row.worker})`);
    victim.child.kill('SIGKILL');
    await once(victim.child, 'exit');
    hold.release();
    const response = await answer;
    assert.equal(response.status, 200, await response.clone().text());
    const settled = await jobRow('killed-consumer.txt');
    assert.equal(settled?.state, 'stored');
    assert.equal(settled?.attempts, 2, 'a second attempt, on the surviving node');
    assert.ok(!settled?.worker?.endsWith(`:${victim.child.pid}`));
    expectedSources += 1;
    expectedStorage += Buffer.byteLength(text);
    await assertExact(expectedSources, expectedStorage);
    assert.equal(await credits(), creditsBefore);
    nodes.splice(nodes.indexOf(victim), 1);
    await startNode(backEnv);
  });

  test('a job that fails on every attempt settles once as failed: 503, its storage given back', async () => {
    const usedBefore = await storageUsed();
    const response = await uploadText(front, key, agentId, 'poison.txt', `${document('poison')} POISON`);
    assert.equal(response.status, 503, await response.clone().text());
    assert.match(response.headers.get('retry-after') ?? '', /^\d+$/);
    const row = (
      await db.query("SELECT state, attempts, bytes IS NULL AS gone FROM ingest_jobs WHERE state = 'failed'")
    ).rows[0];
    assert.deepEqual(
      row,
      { state: 'failed', attempts: 3, gone: true },
      'the first attempt and two retries, then the dead letter',
    );
    assert.equal(await storageUsed(), usedBefore, 'the reservation was given back, once');
    await assertExact(expectedSources, expectedStorage);
  });

  test('the node holding the request dies while another runs its job: the source is stored, listed and counted', async () => {
    const hold = embeddings.holdNext();
    const text = document('orphaned waiter');
    const answer = uploadText(front, key, agentId, 'orphaned-waiter.txt', text).catch(() => null);
    await hold.arrival;
    front.child.kill('SIGKILL');
    await once(front.child, 'exit');
    assert.equal(await answer, null, 'the client lost its connection');
    hold.release();
    const survivor = nodes.find(
      (node) => node !== front && node.child.exitCode === null && node.child.signalCode === null,
    ) as ServerProcess;
    await waitUntil('the orphaned job to be stored', async () => {
      const listed = await (
        await fetch(`${survivor.baseUrl}/api/v1/agents/${agentId}/sources?limit=100`, {
          headers: { authorization: `Bearer ${key}` },
        })
      ).json();
      return JSON.stringify(listed).includes('orphaned-waiter.txt');
    });
    assert.equal((await jobRow('orphaned-waiter.txt'))?.state, 'stored');
    expectedSources += 1;
    expectedStorage += Buffer.byteLength(text);
    await assertExact(expectedSources, expectedStorage);
    assert.equal(
      (await db.query('SELECT count(*)::int AS n FROM ingest_jobs WHERE bytes IS NOT NULL')).rows[0].n,
      0,
      'no file bytes left behind',
    );
  });
});
