// Search on real documentation, ingested as a user would (test/fixtures/docsets): fastify's docs
// uploaded as text files, and Valgrind's manual served on a loopback port and crawled with its
// navigation. Held-out floors a little under what the shipped ranking measured, with plain BM25
// over the same passages printed beside it; `npm run eval:search` prints every set.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { cachedEmbedder } from '../support/cached-embedder.ts';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import {
  formatDocsetRun,
  ingestDocset,
  loadDocset,
  measureDocset,
  type Docset,
  DOCSET_SERVER_CONFIG,
} from './docsets.ts';

const FASTIFY = loadDocset('fastify');
const VALGRIND = loadDocset('valgrind-site');
let server: TestServer;

before(async () => {
  // Passages' vectors come from the on-disk cache once a run has embedded them; questions are live.
  const questions = new Set([...FASTIFY.questions, ...VALGRIND.questions].map((question) => question.q));
  server = await startTestServer({
    embedder: cachedEmbedder(createLocalEmbedder(), questions),
    configFile: DOCSET_SERVER_CONFIG,
  });
});
after(() => server.close());

async function measured(set: Docset) {
  const { ctx } = await server.seedAccount('business');
  const agent = await server.seedAgent(ctx, set.name);
  const pages = await ingestDocset(server.deps, ctx, agent, set);
  const current = (await server.deps.store.agents.get(ctx.accountId, agent.id))!;
  const figures = await measureDocset(server.deps, current, pages, set, 'heldout');
  console.log(
    `[search-docsets ${TEST_BACKEND}] ${set.name} held-out (${pages.size} pages)\n${formatDocsetRun(figures)}`,
  );
  return figures;
}

test('fastify docs uploaded as text: the passage that answers is found, as well as plain BM25 finds it', async () => {
  const { product, unfloored, bm25 } = await measured(FASTIFY);
  assert.ok(product.hit5 >= 0.76, `hit@5 ${product.hit5}`);
  assert.ok(product.mrr >= 0.62, `MRR ${product.mrr}`);
  assert.ok(product.emptyAnswerable <= 0.03, `answerable questions left empty ${product.emptyAnswerable}`);
  assert.ok(
    unfloored.mrr >= bm25.mrr - 0.02,
    `the fused order (MRR ${unfloored.mrr}) under plain BM25's (${bm25.mrr})`,
  );
});

test(
  'the Valgrind manual crawled from its site: answers found, and its navigation never in a result',
  {
    skip:
      TEST_BACKEND === 'postgres'
        ? 'crawling and ranking do not depend on the storage engine: measured on the SQLite run'
        : false,
  },
  async () => {
    const { product, unfloored, bm25 } = await measured(VALGRIND);
    assert.ok(product.hit5 >= 0.67, `hit@5 ${product.hit5}`);
    assert.ok(product.mrr >= 0.55, `MRR ${product.mrr}`);
    assert.ok(product.emptyAnswerable <= 0.03, `answerable questions left empty ${product.emptyAnswerable}`);
    assert.ok(product.chromeShare <= 0.02, `results carrying site chrome ${product.chromeShare}`);
    assert.ok(
      unfloored.mrr >= bm25.mrr - 0.03,
      `the fused order (MRR ${unfloored.mrr}) under plain BM25's (${bm25.mrr})`,
    );
  },
);
