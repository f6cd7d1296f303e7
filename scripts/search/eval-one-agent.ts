// `node scripts/search/eval-one-agent.ts [dev|heldout]`: the scale check. Every real documentation
// set (test/fixtures/docsets) is ingested into ONE agent, and each set's questions are asked of it:
// the product, its unfloored order and plain BM25, as `npm run eval:search` prints them for each
// set alone. Shows how the ranking and the floor hold when the agent is several times larger.
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { cachedEmbedder } from '../../test/support/cached-embedder.ts';
import { startTestServer } from '../../test/support/test-server.ts';
import {
  docsetNames,
  formatDocsetRun,
  ingestDocset,
  loadDocset,
  measureDocset,
  DOCSET_SERVER_CONFIG,
} from '../../test/quality/docsets.ts';

const split = process.argv[2] === 'heldout' ? 'heldout' : 'dev';
const docsets = docsetNames().map(loadDocset);
const server = await startTestServer({
  embedder: cachedEmbedder(createLocalEmbedder(), new Set(docsets.flatMap((set) => set.questions.map((q) => q.q)))),
  configFile: DOCSET_SERVER_CONFIG,
});
try {
  const { ctx } = await server.seedAccount('business');
  const agent = await server.seedAgent(ctx, 'every docset');
  const pages = new Map<string, string>();
  for (const set of docsets)
    for (const [source, page] of await ingestDocset(server.deps, ctx, agent, set)) pages.set(source, page);
  const current = (await server.deps.store.agents.get(ctx.accountId, agent.id))!;
  console.log(`split: ${split}; one agent of ${pages.size} pages`);
  for (const set of docsets) {
    const run = await measureDocset(server.deps, current, pages, set, split);
    console.log(set.name);
    console.log(formatDocsetRun(run));
  }
} finally {
  await server.close();
}
