// Retrieval quality on the labelled set, on the backend under test (SQLite, or PostgreSQL with
// COLLOQUY_TEST_BACKEND=postgres): hit@1, hit@5 and MRR for BM25 alone, vectors alone and the
// hybrid; the hybrid must do at least as well as the better input on each measure.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import type { AgentRecord } from '../../src/ports/store.ts';
import { loadPassages, measure, QUERIES, type Quality } from './retrieval-set.ts';

let server: TestServer;
let agent: AgentRecord;
let bySource: Map<string, string>;

before(async () => {
  server = await startTestServer();
  const { ctx } = await server.seedAccount('pro');
  agent = await server.seedAgent(ctx, 'Ridgeline help');
  bySource = await loadPassages(server.deps, ctx, agent.id);
  agent = (await server.deps.store.agents.get(agent.accountId, agent.id))!;
});
after(() => server.close());

const format = (q: Quality) => Object.entries(q).map(([name, value]) => `${name} ${(value as number).toFixed(3)}`).join('  ');

test(`hybrid search is at least as good as BM25 alone and vectors alone (${QUERIES.length} queries)`, async () => {
  const bm25 = await measure(server.deps, agent, bySource, 'bm25');
  const vector = await measure(server.deps, agent, bySource, 'vector');
  const hybrid = await measure(server.deps, agent, bySource, 'hybrid');
  console.log(`[retrieval ${TEST_BACKEND}] bm25    ${format(bm25)}`);
  console.log(`[retrieval ${TEST_BACKEND}] vectors ${format(vector)}`);
  console.log(`[retrieval ${TEST_BACKEND}] hybrid  ${format(hybrid)}`);
  for (const measureName of ['hitAt1', 'hitAt5', 'mrr'] as const) {
    const better = Math.max(bm25[measureName], vector[measureName]);
    assert.ok(hybrid[measureName] >= better, `${measureName}: hybrid ${hybrid[measureName]} < ${better}`);
  }
  // The 0.3 floor keeps most answers and drops most unrelated queries (see docs/search.md).
  assert.ok((hybrid.answeredAboveThreshold ?? 0) >= 0.8, `answered above 0.3: ${hybrid.answeredAboveThreshold}`);
  assert.ok((hybrid.negativesEmpty ?? 0) >= 0.7, `unrelated queries with no result: ${hybrid.negativesEmpty}`);
});
