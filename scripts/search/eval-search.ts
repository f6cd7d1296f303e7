// `npm run eval:search [-- --split dev|heldout|all] [--sets a,b]`: search quality side by side on
// every set: the real documentation sets (test/fixtures/docsets, ingested as a user would) with the
// product's passage hit@1/hit@5/MRR, answerable questions left empty, unanswerable questions
// empty, the share of returned passages carrying site chrome, latency, and plain BM25 over the same
// passages; then the paraphrase sets (recall@3 and unanswerable empty). Tune on `dev`; `heldout`
// is read once a change is frozen. Passages' vectors come from the suite's on-disk cache when it
// has them (test/support/cached-embedder.ts); questions are always embedded live.
import { parseArgs } from 'node:util';
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
import {
  addCounts,
  emptyCounts,
  loadPassages,
  measure,
  paraphraseSets,
  quality,
  referencePagesSet,
  type LabelledSet,
} from '../../test/quality/retrieval-set.ts';

const { values } = parseArgs({ options: { split: { type: 'string', default: 'dev' }, sets: { type: 'string' } } });
const split = values.split as 'dev' | 'heldout' | 'all';
if (!['dev', 'heldout', 'all'].includes(split)) throw new Error('--split is dev, heldout or all');
const paraphraseSplit = split === 'all' ? 'heldout' : split;
const docsets = docsetNames().map(loadDocset);
const paraphrase: Array<[string, Map<string, LabelledSet>]> = [
  [`paraphrase ${paraphraseSplit}`, paraphraseSets(paraphraseSplit)],
  ...(paraphraseSplit === 'heldout'
    ? [
        ['paraphrase2 (all held-out)', paraphraseSets('heldout', 'paraphrase2.json')] as [
          string,
          Map<string, LabelledSet>,
        ],
      ]
    : []),
];
const wanted = (name: string) => !values.sets || values.sets.split(',').some((part) => name.startsWith(part));

const questions = new Set([
  ...docsets.flatMap((set) => set.questions.map((q) => q.q)),
  ...paraphrase.flatMap(([, sets]) => [...sets.values()].flatMap((set) => set.questions.map((q) => q.q))),
  ...referencePagesSet(paraphraseSplit).questions.map((q) => q.q),
]);
const server = await startTestServer({
  embedder: cachedEmbedder(createLocalEmbedder(), questions),
  configFile: DOCSET_SERVER_CONFIG,
});
try {
  console.log(`split: ${split}`);
  for (const set of docsets) {
    if (!wanted(set.name)) continue;
    const { ctx } = await server.seedAccount('business');
    const agent = await server.seedAgent(ctx, set.name);
    const started = performance.now();
    const pages = await ingestDocset(server.deps, ctx, agent, set);
    const indexed = (performance.now() - started) / 1000;
    const current = (await server.deps.store.agents.get(ctx.accountId, agent.id))!;
    // The first search builds the agent's index; latency is a warm index's, as a live agent's is.
    await measureDocset(server.deps, current, pages, { ...set, questions: set.questions.slice(0, 1) }, 'all');
    const run = await measureDocset(server.deps, current, pages, set, split);
    console.log(`${set.name} (${pages.size} pages, ingested in ${indexed.toFixed(1)} s)`);
    console.log(formatDocsetRun(run));
  }
  if (wanted('reference')) {
    const set = referencePagesSet(paraphraseSplit);
    const { ctx } = await server.seedAccount('pro');
    const agent = await server.seedAgent(ctx, 'reference pages');
    const bySource = await loadPassages(server.deps, ctx, agent.id, set.passages, true);
    const q = quality(
      await measure(server.deps, (await server.deps.store.agents.get(ctx.accountId, agent.id))!, bySource, set),
    );
    console.log(
      `reference pages ${paraphraseSplit}: passage hit@1 ${q.passageHitAt1.toFixed(3)} hit@5 ${q.passageHitAt5.toFixed(3)} MRR ${q.passageMrr.toFixed(3)} recall@3 ${q.recallAt3.toFixed(3)} unansEmpty ${q.unanswerableEmpty.toFixed(3)}`,
    );
  }
  for (const [name, sets] of paraphrase) {
    if (!wanted('paraphrase')) continue;
    let total = emptyCounts();
    for (const [domain, set] of sets) {
      const { ctx } = await server.seedAccount('pro');
      const agent = await server.seedAgent(ctx, domain);
      const bySource = await loadPassages(server.deps, ctx, agent.id, set.passages, set.pages);
      total = addCounts(
        total,
        await measure(server.deps, (await server.deps.store.agents.get(ctx.accountId, agent.id))!, bySource, set),
      );
    }
    const q = quality(total);
    console.log(
      `${name}: hit@1 ${q.hitAt1.toFixed(3)} MRR ${q.mrr.toFixed(3)} recall@3 ${q.recallAt3.toFixed(3)} unansEmpty ${q.unanswerableEmpty.toFixed(3)}`,
    );
  }
} finally {
  await server.close();
}
