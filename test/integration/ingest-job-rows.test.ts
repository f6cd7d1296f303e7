// The ingest_jobs row settles a job once (PostgreSQL): two attempts that both prepared the same
// job (a node thought dead that was only slow, and the node that retried it) race to store it;
// one stores, the other stores nothing; a cancel after the store changes nothing; storage exact.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { createIngestJobRows } from '../../src/jobs/ingest-job-rows.ts';
import { createIngestHandlers } from '../../src/domain/knowledge/ingest-job.ts';
import type { PostgresStore } from '../../src/storage/postgres/open-postgres.ts';
import type { Database } from '../../src/storage/kysely/schema/database.ts';
import type { IngestJob } from '../../src/ports/ingestion-queue.ts';
import { createPgBossQueue } from '../../src/jobs/pg-boss-queue.ts';
import { fileHash } from '../../src/domain/knowledge/content-hash.ts';

describe(
  'ingest job rows: a job settles once',
  { skip: TEST_BACKEND !== 'postgres' ? 'runs in the PostgreSQL pass' : false },
  () => {
    let server: TestServer;
    let db: Kysely<Database>;

    before(async () => {
      server = await startTestServer();
      db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: (server.deps.store as PostgresStore).pool }) });
    });
    after(() => server.close());

    test('two attempts race to store one job: one source, its chunks once, its storage once; a late cancel is a no-op', async () => {
      const { ctx } = await server.seedAccount('business');
      const agent = await server.seedAgent(ctx);
      const rows = createIngestJobRows((server.deps.store as PostgresStore).transactional);
      const handlers = createIngestHandlers(server.deps);
      const text = 'The harbour stores boats from November to March. '.repeat(30);
      const bytes = new TextEncoder().encode(text);
      const job: IngestJob = {
        ctx,
        agent,
        storage: bytes.byteLength,
        task: { kind: 'file', filename: 'race.txt', bytes },
        event: { source: 'race.txt' },
      };
      const id = crypto.randomUUID();
      await rows.insert(
        id,
        job,
        Date.now(),
        (tx) => handlers.reserve(tx, job),
        async () => {},
      );

      const [first, second] = await Promise.all([rows.claim(id, 'node-a'), rows.claim(id, 'node-b')]);
      assert.ok(first && second, 'both attempts read the job while it is queued');
      const prepared = await Promise.all(
        [first, second].map(async (input) => {
          const result = await handlers.prepare(input);
          assert.equal(result.kind, 'prepared');
          return { input, prepared: result.kind === 'prepared' ? result.prepared : null };
        }),
      );
      const settled = await Promise.all(
        prepared.map(({ input, prepared: ready }) =>
          rows.settle(id, Date.now(), (tx) => handlers.store(tx, input, ready!), handlers.release),
        ),
      );
      assert.deepEqual(settled.sort(), [false, true], 'exactly one attempt settled it');
      const cancelled = await rows.settle(id, Date.now(), async () => 'cancelled', handlers.release);
      assert.equal(cancelled, false, 'a cancel after the store changes nothing');

      const sources = await server.deps.store.sources.list(ctx.accountId, agent.id, {}, { page: 1, size: 100 });
      assert.equal(sources.items.length, 1);
      const chunks = await db
        .selectFrom('chunks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('agent_id', '=', agent.id)
        .executeTakeFirstOrThrow();
      const expected = prepared[0]!.prepared!.chunks.length;
      assert.equal(Number(chunks.n), expected, 'the chunks of one attempt only');
      const stored = await server.deps.store.agents.get(ctx.accountId, agent.id);
      assert.equal(stored?.storageUsed, bytes.byteLength, 'storage counted once');
      const row = await rows.read(id);
      assert.equal(row?.state, 'stored');
    });

    test('a retried upload whose first request was cut joins its queued job: one job, the same source, duplicate', async () => {
      // No consumer at first: the cut request's job waits in the queue, as behind a busy or dead node.
      const front = await startTestServer({ configFile: { ingestion: { workers: 0 } } });
      const { account, ctx } = await front.seedAccount('business');
      const agent = await front.seedAgent(ctx);
      const key = await front.seedKey(account.id);
      const bytes = new TextEncoder().encode('Winter storage for boats runs from November to March. '.repeat(40));
      const job: IngestJob = {
        ctx,
        agent,
        storage: bytes.byteLength,
        task: { kind: 'file', filename: 'winter.txt', bytes, contentHash: fileHash(bytes) },
        event: { source: 'winter.txt' },
      };
      // The cut request: its job is queued, and nobody will cancel it (its process is "gone").
      const cut = front.deps.ingestion.run(job);
      const frontDb = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: (front.deps.store as PostgresStore).pool }),
      });
      const jobRows = async () =>
        (
          await sql<{
            id: string;
            state: string;
          }>`SELECT id, state FROM ingest_jobs WHERE agent_id = ${agent.id}`.execute(frontDb)
        ).rows;
      while ((await jobRows()).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));

      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'text/plain' }), 'winter.txt');
      const retry = fetch(`${front.baseUrl}/api/v1/agents/${agent.id}/sources/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal((await jobRows()).length, 1, 'the retry queued no second job');

      const consumer = createPgBossQueue({
        databaseUrl: front.database.env.DATABASE_URL!,
        database: (front.deps.store as PostgresStore).transactional,
        settings: {
          workers: 1,
          parallelism: 1,
          heartbeatSeconds: 10,
          retryLimit: 0,
          superviseSeconds: 5,
          retryDelaySeconds: 1,
          pollSeconds: 1,
          expireSeconds: 60,
        },
        handlers: createIngestHandlers(front.deps),
        now: () => Date.now(),
        log: () => {},
      });
      try {
        await consumer.start();
        const first = await cut;
        assert.equal(first.kind, 'stored');
        const response = await retry;
        const body = (await response.json()) as { source: { id: string }; duplicate?: boolean };
        assert.equal(response.status, 200, JSON.stringify(body));
        assert.deepEqual([body.source.id, body.duplicate], [first.kind === 'stored' ? first.source.id : '', true]);
        assert.deepEqual(
          (await jobRows()).map((row) => row.state),
          ['stored'],
        );
        assert.equal(
          (await front.deps.store.agents.get(ctx.accountId, agent.id))?.storageUsed,
          bytes.byteLength,
          'storage counted once',
        );
      } finally {
        await consumer.close();
        await front.close();
      }
    });

    test("a page crawled again while its cut crawl's job is queued joins that job: one job, reported as known", async () => {
      const front = await startTestServer({ configFile: { ingestion: { workers: 0 } } });
      const { ctx } = await front.seedAccount('business');
      const agent = await front.seedAgent(ctx);
      const text = 'Visitors moor at the east pontoon; the harbour office opens at eight.';
      const page: IngestJob = {
        ctx,
        agent,
        storage: text.length,
        task: {
          kind: 'page',
          title: 'Moorings',
          url: 'https://harbour.example/moorings',
          sections: [{ text, heading: null, page: null }],
        },
        event: null,
      };
      const frontDb = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: (front.deps.store as PostgresStore).pool }),
      });
      const jobRows = async () =>
        (await sql<{ state: string }>`SELECT state FROM ingest_jobs WHERE agent_id = ${agent.id}`.execute(frontDb))
          .rows;
      const cut = front.deps.ingestion.run(page);
      while ((await jobRows()).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const again = front.deps.ingestion.run(structuredClone(page));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal((await jobRows()).length, 1, 'the second crawl queued no second job for the page');
      const consumer = createPgBossQueue({
        databaseUrl: front.database.env.DATABASE_URL!,
        database: (front.deps.store as PostgresStore).transactional,
        settings: {
          workers: 1,
          parallelism: 1,
          heartbeatSeconds: 10,
          retryLimit: 0,
          superviseSeconds: 5,
          retryDelaySeconds: 1,
          pollSeconds: 1,
          expireSeconds: 60,
        },
        handlers: createIngestHandlers(front.deps),
        now: () => Date.now(),
        log: () => {},
      });
      try {
        await consumer.start();
        assert.equal((await cut).kind, 'stored');
        assert.equal((await again).kind, 'duplicate');
        assert.equal(
          (await front.deps.store.agents.get(ctx.accountId, agent.id))?.storageUsed,
          text.length,
          'storage counted once',
        );
      } finally {
        await consumer.close();
        await front.close();
      }
    });
  },
);
