// The ingest_jobs row settles a job once (PostgreSQL): two attempts that both prepared the same
// job (a node thought dead that was only slow, and the node that retried it) race to store it;
// one stores, the other stores nothing; a cancel after the store changes nothing; storage exact.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, PostgresDialect } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { createIngestJobRows } from '../../src/jobs/ingest-job-rows.ts';
import { createIngestHandlers } from '../../src/domain/knowledge/ingest-job.ts';
import type { PostgresStore } from '../../src/storage/postgres/open-postgres.ts';
import type { Database } from '../../src/storage/kysely/database.ts';
import type { IngestJob } from '../../src/ports/ingestion-queue.ts';

describe('ingest job rows: a job settles once', { skip: TEST_BACKEND !== 'postgres' ? 'runs in the PostgreSQL pass' : false }, () => {
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
    const job: IngestJob = { ctx, agent, storage: bytes.byteLength, task: { kind: 'file', filename: 'race.txt', bytes }, event: { source: 'race.txt' } };
    const id = crypto.randomUUID();
    await rows.insert(id, job, Date.now(), (tx) => handlers.reserve(tx, job), async () => {});

    const [first, second] = await Promise.all([rows.claim(id, 'node-a'), rows.claim(id, 'node-b')]);
    assert.ok(first && second, 'both attempts read the job while it is queued');
    const prepared = await Promise.all([first, second].map(async (input) => {
      const result = await handlers.prepare(input);
      assert.equal(result.kind, 'prepared');
      return { input, prepared: result.kind === 'prepared' ? result.prepared : null };
    }));
    const settled = await Promise.all(prepared.map(({ input, prepared: ready }) => rows.settle(id, Date.now(), (tx) => handlers.store(tx, input, ready!), handlers.release)));
    assert.deepEqual(settled.sort(), [false, true], 'exactly one attempt settled it');
    const cancelled = await rows.settle(id, Date.now(), async () => 'cancelled', handlers.release);
    assert.equal(cancelled, false, 'a cancel after the store changes nothing');

    const sources = await server.deps.store.sources.list(ctx.accountId, agent.id, {}, { page: 1, size: 100 });
    assert.equal(sources.items.length, 1);
    const chunks = await db.selectFrom('chunks').select((eb) => eb.fn.countAll<number>().as('n')).where('agent_id', '=', agent.id).executeTakeFirstOrThrow();
    const expected = prepared[0]!.prepared!.chunks.length;
    assert.equal(Number(chunks.n), expected, 'the chunks of one attempt only');
    const stored = await server.deps.store.agents.get(ctx.accountId, agent.id);
    assert.equal(stored?.storageUsed, bytes.byteLength, 'storage counted once');
    const row = await rows.read(id);
    assert.equal(row?.state, 'stored');
  });
});
