// Passages whose search terms an older analyser made (before identifiers also counted as their
// words) are re-analysed in the background on the test backend (SQLite or PostgreSQL): found by the
// new terms afterwards through another process's cached index (a delta), vectors untouched, and a
// second run, or two nodes at once, change nothing more.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import { createTestDatabase, TEST_BACKEND, type TestDatabase } from '../support/backend.ts';
import { migrateUpTo, openRawDatabase } from '../support/raw-database.ts';
import { loadConfig } from '../../src/config.ts';
import { closeDomainDeps, createDomainDeps, openStore } from '../../src/compose.ts';
import { createAccount } from '../../src/domain/accounts/create-account.ts';
import { createAgent } from '../../src/domain/agents/create-agent.ts';
import { addTextSource } from '../../src/domain/knowledge/add-text-source.ts';
import { upgradeTermsBatch } from '../../src/domain/knowledge/upgrade-terms.ts';
import { operatorContext, type DomainDeps } from '../../src/domain/context.ts';
import { rankPassages } from '../../src/domain/search/rank-passages.ts';
import { createTermsUpgradeWorker } from '../../src/workers/terms-upgrade-worker.ts';
import { ANALYZER_VERSION } from '../../src/text/index-pieces.ts';
import type { EmbeddingProvider } from '../../src/ports/embedding-provider.ts';
import type { Database } from '../../src/storage/kysely/schema/database.ts';

const DIMENSION = 16;

/** Vectors from the text's length only: nothing here depends on meaning. */
const embedder: EmbeddingProvider = {
  model: 'length-16',
  dimension: DIMENSION,
  embed: async (texts) =>
    texts.map((text) => {
      const vector = Float32Array.from({ length: DIMENSION }, (_, i) => Math.sin(text.length + i));
      const length = Math.hypot(...vector);
      return vector.map((value) => value / length);
    }),
  close: async () => undefined,
};

const POST_MESSAGE = 'Call postMessage to send data from the page to the iframe.';
// What the analyser of version 1 made of it: the identifier whole, without its words.
const OLD_TERMS = 'call postmessag send data page ifram';

let database: TestDatabase;
let raw: Kysely<Database>;
let writer: DomainDeps;
let reader: DomainDeps;

before(async () => {
  database = await createTestDatabase();
  writer = await createDomainDeps(loadConfig(database.env), { embedder });
  reader = await createDomainDeps(loadConfig(database.env), { embedder });
  raw = openRawDatabase(database.env);
});
after(async () => {
  await raw.destroy();
  await closeDomainDeps(reader);
  await closeDomainDeps(writer);
  await database.drop();
});

const chunksOf = (sourceId: string) =>
  raw
    .selectFrom('chunks')
    .select(['id', 'terms', 'terms_version', 'embedding', 'embedding_model'])
    .where('source_id', '=', sourceId)
    .orderBy('id')
    .execute();

async function upgradeAll(deps: DomainDeps): Promise<number> {
  let upgraded = 0;
  for (;;) {
    const batch = await upgradeTermsBatch(deps, 2);
    upgraded += batch.upgraded;
    if (batch.read === 0) return upgraded;
  }
}

test(`passages with older terms are re-analysed and found by an identifier's words (${TEST_BACKEND})`, async () => {
  const account = await createAccount(writer, { name: 'Terms', plan: 'business', credits: 0 });
  const ctx = operatorContext(account.id, account.plan);
  const agent = await createAgent(writer, ctx, { name: 'Terms agent' });
  const old = await addTextSource(writer, ctx, agent.id, { title: 'Frames', content: POST_MESSAGE });
  const others = [];
  for (const content of ['Refunds reach your card within five days.', 'Boots are resoled for a flat fee.'])
    others.push(await addTextSource(writer, ctx, agent.id, { title: 'Shop', content }));
  const fresh = await chunksOf(old.id);
  assert.equal(fresh[0]?.terms_version, ANALYZER_VERSION, 'new passages carry the current version');
  assert.match(fresh[0]!.terms, /\bpost\b.*\bmessag\b/);
  // As an older release stored it.
  await raw.updateTable('chunks').set({ terms: OLD_TERMS, terms_version: 1 }).where('source_id', '=', old.id).execute();
  const before = await chunksOf(old.id);
  const untouched = await chunksOf(others[0]!.id);

  const search = async () => {
    const current = (await reader.store.agents.get(account.id, agent.id))!;
    const passages = await rankPassages(reader, current, 'post message', 5, { mode: 'bm25', minimumScore: 0 });
    return passages.map((passage) => passage.source.id);
  };
  assert.deepEqual(await search(), [], 'older terms lack the identifier’s words');
  const cached = reader.passageIndex.stats();

  const logged: string[] = [];
  const logger = {
    info: (_: object, message: string) => logged.push(message),
    warn: (_: object, message: string) => logged.push(message),
    error: (_: object, message: string) => logged.push(message),
  };
  const worker = createTermsUpgradeWorker({ store: writer.store, logger });
  assert.deepEqual(await worker.runOnce(), { read: 1, upgraded: 1 });
  assert.deepEqual(await worker.runOnce(), { read: 0, upgraded: 0 });
  assert.deepEqual(logged, [
    'upgrading the search terms of passages indexed by an older release',
    'search terms upgraded',
  ]);

  const upgraded = await chunksOf(old.id);
  assert.deepEqual(
    upgraded.map((chunk) => ({ ...chunk, terms: undefined, terms_version: undefined })),
    before.map((chunk) => ({ ...chunk, terms: undefined, terms_version: undefined })),
    'vectors and ids untouched',
  );
  assert.deepEqual(
    upgraded.map((chunk) => [chunk.terms, chunk.terms_version]),
    fresh.map((chunk) => [chunk.terms, chunk.terms_version]),
    'the terms ingestion makes now',
  );
  assert.deepEqual(await chunksOf(others[0]!.id), untouched, 'passages of the current version are left alone');

  assert.deepEqual(await search(), [old.id], 'found by the identifier’s words');
  assert.equal(reader.passageIndex.stats().rebuilds, cached.rebuilds, 'the cached index followed as a delta');
  assert.equal(reader.passageIndex.stats().deltas, cached.deltas + 1);

  const version = (await reader.store.agents.get(account.id, agent.id))!.knowledgeVersion;
  assert.equal(await upgradeAll(writer), 0, 'running again changes nothing');
  assert.equal((await reader.store.agents.get(account.id, agent.id))!.knowledgeVersion, version);
});

test(`two nodes upgrading at once each write a passage once (${TEST_BACKEND})`, async () => {
  const account = await createAccount(writer, { name: 'Nodes', plan: 'business', credits: 0 });
  const ctx = operatorContext(account.id, account.plan);
  const agent = await createAgent(writer, ctx, { name: 'Nodes agent' });
  const sources = [];
  for (let i = 0; i < 6; i += 1)
    sources.push(await addTextSource(writer, ctx, agent.id, { title: `Page ${i}`, content: `${POST_MESSAGE} ${i}` }));
  await raw
    .updateTable('chunks')
    .set({ terms: OLD_TERMS, terms_version: 1 })
    .where('agent_id', '=', agent.id)
    .execute();
  const start = (await writer.store.agents.get(account.id, agent.id))!.knowledgeVersion;

  // On SQLite one process does the background work; two stores in one thread would each wait for
  // the other's write lock with the thread blocked, so there the second run shares the first's store.
  const second = TEST_BACKEND === 'postgres' ? reader : writer;
  const [a, b] = await Promise.all([upgradeAll(writer), upgradeAll(second)]);
  assert.equal(a + b, sources.length, 'each passage upgraded by one node');
  const rows = await raw
    .selectFrom('chunks')
    .select(['terms', 'terms_version'])
    .where('agent_id', '=', agent.id)
    .execute();
  assert.ok(rows.every((row) => row.terms_version === ANALYZER_VERSION && /\bpost\b/.test(row.terms)));
  // Each source re-indexed logs its passages deleted and added: two versions a source.
  const end = (await writer.store.agents.get(account.id, agent.id))!.knowledgeVersion;
  assert.equal(end - start, 2 * sources.length);
});

test(`passages stored before the terms version was recorded count as version 1 (${TEST_BACKEND})`, async () => {
  const older = await createTestDatabase();
  const db = openRawDatabase(older.env);
  try {
    await migrateUpTo(db, older.env, '0018_help_message');
    await db
      .insertInto('accounts')
      .values({ id: 'acc_old', name: 'Old', plan: 'pro', created_at: 1 } as never)
      .execute();
    await db
      .insertInto('agents')
      .values({ id: 'agt_old', account_id: 'acc_old', name: 'Old', model: 'm', created_at: 1, updated_at: 1 } as never)
      .execute();
    await db
      .insertInto('sources')
      .values({
        id: 'src_old',
        account_id: 'acc_old',
        agent_id: 'agt_old',
        type: 'text',
        title: 'Frames',
        storage: 1,
        created_at: 1,
      } as never)
      .execute();
    const embedding = new Uint8Array(Float32Array.of(0.6, 0.8).buffer);
    await db
      .insertInto('chunks')
      .values({
        id: 'chk_old',
        source_id: 'src_old',
        agent_id: 'agt_old',
        ordinal: 0,
        content: POST_MESSAGE,
        heading: null,
        page: null,
        terms: OLD_TERMS,
        embedding,
        embedding_model: 'm',
        embedding_dim: 2,
      } as never)
      .execute();

    const store = await openStore(loadConfig(older.env)); // applies 0019_terms_version
    try {
      const stored = () =>
        db.selectFrom('chunks').select(['terms', 'terms_version', 'embedding']).executeTakeFirstOrThrow();
      assert.equal((await stored()).terms_version, 1);
      assert.equal(await store.chunks.countOlderTerms(ANALYZER_VERSION), 1);
      assert.deepEqual(await upgradeTermsBatch({ store }), { read: 1, upgraded: 1 });
      const row = await stored();
      assert.equal(row.terms_version, ANALYZER_VERSION);
      assert.equal(row.terms, 'call postmessag post messag send data page ifram');
      assert.deepEqual(new Uint8Array(row.embedding), embedding);
      assert.equal(await store.chunks.countOlderTerms(ANALYZER_VERSION), 0);
    } finally {
      await store.close();
    }
  } finally {
    await db.destroy();
    await older.drop();
  }
});
