// The incremental search index on the test backend (SQLite or PostgreSQL): knowledge added or
// deleted through one process's store is searched through another's cached index, which applies
// the logged change in place (a delta, not a rebuild) and answers exactly as a fresh rebuild.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { loadConfig } from '../../src/config.ts';
import { closeDomainDeps, createDomainDeps } from '../../src/compose.ts';
import { createAccount } from '../../src/domain/accounts/create-account.ts';
import { createAgent } from '../../src/domain/agents/create-agent.ts';
import { addTextSource } from '../../src/domain/knowledge/add-text-source.ts';
import { deleteSource } from '../../src/domain/knowledge/delete-source.ts';
import { operatorContext, type DomainDeps } from '../../src/domain/context.ts';
import { rankPassages, type RankingMode } from '../../src/domain/search/rank-passages.ts';
import { createPassageIndex } from '../../src/search-index/passage-index.ts';
import { analyze } from '../../src/text/analyze.ts';
import type { EmbeddingProvider } from '../../src/ports/embedding-provider.ts';
import { KEPT_CHANGES } from '../../src/storage/kysely/repositories/knowledge-change-log.ts';

const DIMENSION = 64;

/** A deterministic hashed bag-of-words model: texts sharing words point the same way. */
const embedder: EmbeddingProvider = {
  model: 'bag-of-words-64',
  dimension: DIMENSION,
  embed: async (texts) =>
    texts.map((text) => {
      const vector = new Float32Array(DIMENSION).fill(0.05);
      for (const term of analyze(text)) {
        let hash = 0;
        for (const char of term) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
        vector[hash % DIMENSION] = (vector[hash % DIMENSION] as number) + 1;
      }
      const length = Math.hypot(...vector);
      return vector.map((value) => value / length);
    }),
  close: async () => undefined,
};

const TOPICS = [
  'tent seams must be dried before storage to stop mildew',
  'refunds reach your card within five working days',
  'boots are resoled in our repair shop for a flat fee',
  'rental kayaks come with a paddle and a buoyancy aid',
  'gift cards never expire and work in every store',
  'waterproof jackets need a wash with proofing every season',
];
const QUERIES = [
  'how do I stop mildew on my tent',
  'when will my refund arrive',
  'can boots be repaired',
  'kayak rental paddle',
  'do gift cards expire',
  'waterproof jacket care',
  'seam repair for a tent',
];

let database: TestDatabase;
let writer: DomainDeps;
let reader: DomainDeps;

before(async () => {
  database = await createTestDatabase();
  writer = await createDomainDeps(loadConfig(database.env), { embedder });
  reader = await createDomainDeps(loadConfig(database.env), { embedder });
});
after(async () => {
  await closeDomainDeps(reader);
  await closeDomainDeps(writer);
  await database.drop();
});

/** The reader's answers, and the same store's answers through a cache of its own (a rebuild). */
async function searchBoth(accountId: string, agentId: string): Promise<{ cached: unknown[]; rebuilt: unknown[] }> {
  const agent = (await reader.store.agents.get(accountId, agentId))!;
  const fresh = { ...reader, passageIndex: createPassageIndex({ chunks: reader.store.chunks, maxBytes: 1 << 30 }) };
  const cached: unknown[] = [];
  const rebuilt: unknown[] = [];
  for (const query of QUERIES) {
    for (const mode of ['hybrid', 'vector', 'bm25'] as RankingMode[]) {
      cached.push(await rankPassages(reader, agent, query, 8, { mode, explain: true, minimumScore: 0.05 }));
      rebuilt.push(await rankPassages(fresh, agent, query, 8, { mode, explain: true, minimumScore: 0.05 }));
    }
  }
  return { cached, rebuilt };
}

test('a source added or deleted through one store reaches another process’s cached index as a delta', async () => {
  const account = await createAccount(writer, { name: 'Delta', plan: 'business', credits: 0 });
  const ctx = operatorContext(account.id, account.plan);
  const agent = await createAgent(writer, ctx, { name: 'Delta agent' });
  const sources = [];
  for (const [i, topic] of TOPICS.entries())
    sources.push(
      await addTextSource(writer, ctx, agent.id, {
        title: `Topic ${i}`,
        content: `${topic}. ${TOPICS[(i + 1) % TOPICS.length]}.`,
      }),
    );

  const cold = await searchBoth(account.id, agent.id);
  assert.deepEqual(cold.cached, cold.rebuilt);
  assert.deepEqual(
    { deltas: reader.passageIndex.stats().deltas, rebuilds: reader.passageIndex.stats().rebuilds },
    { deltas: 0, rebuilds: 1 },
    'a cold start builds',
  );

  const added = await addTextSource(writer, ctx, agent.id, {
    title: 'Mildew guide',
    content: 'Mildew on a tent: wash the seams with mild soap, dry the tent fully, then store it loose.',
  });
  const afterAdd = await searchBoth(account.id, agent.id);
  assert.deepEqual(reader.passageIndex.stats().rebuilds, 1, 'no rebuild after an add');
  assert.equal(reader.passageIndex.stats().deltas, 1, 'the add came as a delta');
  assert.deepEqual(afterAdd.cached, afterAdd.rebuilt);
  const mildew = (afterAdd.cached[0] as Array<{ source: { id: string } }>).map((passage) => passage.source.id);
  assert.ok(mildew.includes(added.id), 'the added source is found at once');

  await deleteSource(writer, ctx, agent.id, added.id);
  await deleteSource(writer, ctx, agent.id, sources[1]!.id);
  const afterDelete = await searchBoth(account.id, agent.id);
  assert.equal(reader.passageIndex.stats().rebuilds, 1, 'no rebuild after deletes');
  assert.equal(reader.passageIndex.stats().deltas, 2, 'both deletes came as one delta');
  assert.deepEqual(afterDelete.cached, afterDelete.rebuilt);
  const found = afterDelete.cached.flatMap((passages) =>
    (passages as Array<{ source: { id: string } }>).map((passage) => passage.source.id),
  );
  assert.ok(!found.includes(added.id) && !found.includes(sources[1]!.id), 'deleted sources are gone');

  const { hits, misses, entries, bytes } = reader.passageIndex.stats();
  assert.ok(hits > 0 && misses === 3 && entries === 1 && bytes > 0, 'stats count the cache’s hits and misses');
});

test('a gap the change log does not cover (pruned or older) rebuilds instead', async () => {
  const account = await createAccount(writer, { name: 'Gap', plan: 'business', credits: 0 });
  const ctx = operatorContext(account.id, account.plan);
  const agent = await createAgent(writer, ctx, { name: 'Gap agent' });
  await addTextSource(writer, ctx, agent.id, { title: 'First', content: TOPICS[0]! });
  await searchBoth(account.id, agent.id);
  const before = reader.passageIndex.stats();
  await addTextSource(writer, ctx, agent.id, { title: 'Second', content: TOPICS[1]! });
  await writer.store.agents.bumpKnowledgeVersion(agent.id); // vectors changed in place: a reset
  const { cached, rebuilt } = await searchBoth(account.id, agent.id);
  assert.deepEqual(cached, rebuilt);
  assert.equal(reader.passageIndex.stats().rebuilds, before.rebuilds + 1);
  assert.equal(reader.passageIndex.stats().deltas, before.deltas);
});

test('the change log is pruned as it is written: an index further behind than it covers rebuilds', async () => {
  const account = await createAccount(writer, { name: 'Prune', plan: 'business', credits: 0 });
  const ctx = operatorContext(account.id, account.plan);
  const agent = await createAgent(writer, ctx, { name: 'Prune agent' });
  for (let i = 0; i < KEPT_CHANGES + 100; i += 1) await writer.store.agents.bumpKnowledgeVersion(agent.id);
  const version = (await writer.store.agents.get(account.id, agent.id))!.knowledgeVersion;
  assert.equal(version, KEPT_CHANGES + 100);
  const kept = await writer.store.chunks.changesSince(agent.id, 0, version);
  assert.ok(kept.length < version && kept.length >= KEPT_CHANGES, `kept ${kept.length} of ${version}`);
  assert.deepEqual(kept.at(-1), { version, kind: 'reset', sourceId: null });
});
