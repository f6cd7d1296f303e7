// Retrieval quality on the labelled sets, on the backend under test (SQLite, or PostgreSQL with
// COLLOQUY_TEST_BACKEND=postgres), printed on every run. Floors sit a little under the measured
// figures (docs/search.md, "Measured"), so a real regression fails and noise does not.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { cachedEmbedder, type CachedEmbedder } from '../support/cached-embedder.ts';
import type { RankingMode } from '../../src/domain/search/rank-passages.ts';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { addCounts, emptyCounts, formatQuality, loadPassages, measure, paraphraseSets, quality, referencePagesSet, shopSet, type Counts, type LabelledSet } from './retrieval-set.ts';

let server: TestServer;
let embedder: CachedEmbedder;

// The offline model, with the vectors of the sets' passages (and of the sentences ranking embeds
// from them) read from a cache on disk that this model filled (test/support/cached-embedder.ts):
// a first run embeds them all, later runs and the PostgreSQL pass read them back. Every question
// is embedded live by the model, on every run.
const QUESTIONS = new Set(
  [shopSet(), ...paraphraseSets('heldout', 'paraphrase2.json').values(), ...(['dev', 'heldout'] as const).flatMap((split) => [...paraphraseSets(split).values(), referencePagesSet(split)])].flatMap((set) => set.questions.map((question) => question.q)),
);

before(async () => {
  embedder = cachedEmbedder(createLocalEmbedder(), QUESTIONS);
  server = await startTestServer({ embedder });
  assert.equal(server.config.embeddings.provider, 'local', 'the model the configuration would have chosen');
});
after(async () => {
  const counts = embedder.counts();
  console.log(`[retrieval ${TEST_BACKEND}] embeddings: ${counts.live} questions embedded live; fixture texts: ${counts.embedded} embedded (and cached), ${counts.cached} read from the cache`);
  await server.close();
});

/** One agent per set; the counts of every set added up. */
async function measureSets(sets: Iterable<[string, LabelledSet]>, mode: RankingMode = 'hybrid', agents = new Map<string, { agentId: string; bySource: Map<string, string> }>()): Promise<Counts> {
  let total = emptyCounts();
  for (const [name, set] of sets) {
    let loaded = agents.get(name);
    if (!loaded) {
      const { ctx } = await server.seedAccount('pro');
      const agent = await server.seedAgent(ctx, name);
      loaded = { agentId: agent.id, bySource: await loadPassages(server.deps, ctx, agent.id, set.passages, set.pages) };
      agents.set(name, loaded);
    }
    const agent = (await server.deps.store.agents.get((await server.deps.store.agents.ownerOf(loaded.agentId)) as string, loaded.agentId))!;
    total = addCounts(total, await measure(server.deps, agent, loaded.bySource, set, mode));
  }
  return total;
}

// Measured on the shop set (SQLite and PostgreSQL alike): bm25 MRR 0.764, vectors 0.782, hybrid
// hit@5 0.912, MRR 0.838, recall@3 0.838, unanswerable empty 0.700.
// With the question adapter (docs/search.md, "The question adapter"), v2: hit@5 0.950, MRR 0.845,
// recall@3 0.825, unanswerable empty 0.900 (v1: 0.938, 0.837, 0.825, 0.867); v3: 0.963, 0.862,
// 0.863, 0.900.
const SHOP_FLOORS = { hitAt5: 0.9, mrr: 0.81, recallAt3: 0.8, unanswerableEmpty: 0.85 };

test('the shop set: hybrid ranking beats either signal alone and keeps most answers above the floor', async () => {
  const agents = new Map<string, { agentId: string; bySource: Map<string, string> }>();
  const shop = [['shop', shopSet()] as [string, LabelledSet]];
  const results: Record<string, ReturnType<typeof quality>> = {};
  for (const mode of ['bm25', 'vector', 'hybrid'] as const) {
    results[mode] = quality(await measureSets(shop, mode, agents));
    console.log(`[retrieval ${TEST_BACKEND}] shop ${mode.padEnd(6)} ${formatQuality(results[mode])}`);
  }
  const hybrid = results.hybrid!;
  for (const name of ['hitAt5', 'mrr'] as const) {
    assert.ok(hybrid[name] >= Math.max(results.bm25![name], results.vector![name]), `${name}: hybrid ${hybrid[name]} under an input alone`);
  }
  for (const [name, floor] of Object.entries(SHOP_FLOORS)) assert.ok(hybrid[name as keyof typeof hybrid] >= floor, `shop ${name} ${hybrid[name as keyof typeof hybrid]} < ${floor}`);
});

// Floors on the held-out split, a little under what it measured.
// Held-out, measured once after this round (sentence re-scoring, the query's background, headings)
// was frozen on dev: hit@1 0.583, MRR 0.701, recall@3 0.450, unanswerable empty 0.500 (dev: 0.433,
// 0.630, 0.450, 0.400; the round before: held-out 0.500, 0.645, 0.533, 0.333). Far under the
// issue's goal (0.85 and 0.80): USE-lite puts these unanswerable questions as close to a passage as
// the answerable ones (docs/search.md).
// With the question adapter, each version measured once here after it and its midpoint were chosen
// on dev: v1 hit@1 0.550, MRR 0.685, recall@3 0.517, unanswerable empty 0.633; v2 (twice the
// training data, rank 16) 0.567, 0.702, 0.500, 0.667 (dev 0.483, 0.644, 0.517, 0.700); v3 (four
// documentation training sets more, rank 32; kept) 0.633, 0.736, 0.583, 0.633 (dev 0.483, 0.651,
// 0.517, 0.700). The question tower (USE-lite with low-rank deltas for questions, combined with v3;
// chosen with its midpoint on dev, then measured once here): 0.633, 0.736, 0.633, 0.700 (dev 0.483,
// 0.650, 0.633, 0.700).
const PARAPHRASE_FLOORS = { recallAt3: 0.58, unanswerableEmpty: 0.66, passageMrr: 0.69 };

test('the paraphrase set: questions in other words find their passage; unanswerable ones find nothing', async () => {
  const agents = new Map<string, { agentId: string; bySource: Map<string, string> }>();
  const dev = quality(await measureSets(paraphraseSets('dev'), 'hybrid', agents));
  console.log(`[retrieval ${TEST_BACKEND}] paraphrase dev     ${formatQuality(dev)}`);
  const heldout = quality(await measureSets(paraphraseSets('heldout'), 'hybrid', agents));
  console.log(`[retrieval ${TEST_BACKEND}] paraphrase heldout ${formatQuality(heldout)}`);
  for (const [name, floor] of Object.entries(PARAPHRASE_FLOORS)) assert.ok(heldout[name as keyof typeof heldout] >= floor, `held-out ${name} ${heldout[name as keyof typeof heldout]} < ${floor}`);
});

// The second paraphrase set (another independent author, bank, gym, software and university help
// passages; all held-out), measured by the lead once with this ranking (hit@1 0.542, MRR 0.690,
// recall@3 0.442, unanswerable empty 0.400) and once with a re-ranking stage that was then not kept
// (0.558, 0.687, 0.425, 0.450; branch retrieval4, docs/search.md). The one-subject lift of branch
// retrieval5 (fuse-scores.ts, queryCalibration) then measured 0.542, 0.690, 0.392, 0.467 here: it
// trades recall@3 for empty answers on this set, so the recall floor moved from 0.39 to 0.37 and the
// empty floor from 0.36 to 0.43, each a little under what was measured. With the question adapter,
// each version measured once: v1 hit@1 0.500, hit@5 0.917, MRR 0.665, recall@3 0.458, empty 0.550;
// v2 0.517, 0.883, 0.684, 0.525, 0.600; v3 0.508, 0.917, 0.668, 0.525, 0.617. With the question
// tower (kept, measured once): 0.517, 0.917, 0.680, 0.658, 0.600.
const PARAPHRASE2_FLOORS = { recallAt3: 0.6, unanswerableEmpty: 0.55, passageMrr: 0.65 };

test('the second paraphrase set (never tuned on): the same measures on four other domains', async () => {
  const heldout = quality(await measureSets(paraphraseSets('heldout', 'paraphrase2.json')));
  console.log(`[retrieval ${TEST_BACKEND}] paraphrase2 heldout ${formatQuality(heldout)}`);
  for (const [name, floor] of Object.entries(PARAPHRASE2_FLOORS)) assert.ok(heldout[name as keyof typeof heldout] >= floor, `paraphrase2 ${name} ${heldout[name as keyof typeof heldout]} < ${floor}`);
});

// The reference pages: held-out floors a little under what it measured, once, after the ranking
// was frozen on dev (docs/search.md, "Measured"): hybrid passage hit@1 0.465, passage MRR 0.590,
// passage hit@5 0.746, page hit@5 0.944, unanswerable empty 0.375 (6 of 16; recall@3 0.592); plain
// BM25 on the same chunks 0.437, 0.604, 0.803, 0.986. The round before (the background lifted by half
// on any knowledge): 0.423, 0.529, 0.676, 0.915, empty 0.000, recall@3 0.831. The pages are long and many: measured on the
// SQLite run only (the ranking is the same on PostgreSQL: search-ranking.test.ts). With the question
// adapter (its training saw the even half of the dev questions, never held-out), each version
// measured once: v1 passage hit@1 0.451, passage MRR 0.555, passage hit@5 0.662, page hit@5 0.930,
// unanswerable empty 0.563 (9 of 16), recall@3 0.563; v2 0.451, 0.560, 0.704, 0.944, 0.438
// (7 of 16), 0.704: more answers above the floor and more unanswerable questions left empty than
// without it, the passage that answers ranked a little lower. v3 (kept; four training sets of real
// documentation pages, rank 32) 0.507, 0.581, 0.690, 0.930, 0.750 (12 of 16), recall@3 0.493: the
// answering passage ranked higher and most unanswerable questions left empty, fewer answers above
// the floor (the same trade as on dev's odd half: recall@3 0.647 -> 0.544, empty 0.417 -> 0.667).
// With the question tower (kept; chosen on dev, where the pages' odd half went from recall@3 0.544
// to 0.706 at the same empty share 0.667), measured once: 0.465, 0.565, 0.676, 0.944, 0.563 (9 of
// 16), recall@3 0.592: more answers above the floor, three more unanswerable questions answered and
// the answering passage a little lower than with v3 alone; the empty floor moved from 0.68 to 0.5.
const PAGES_FLOORS = { passageHitAt1: 0.44, passageMrr: 0.54, passageHitAt5: 0.66, hitAt5: 0.9, unanswerableEmpty: 0.5, recallAt3: 0.55 };
const PAGES_SKIP = TEST_BACKEND === 'postgres' ? 'ranking does not depend on the storage engine (search-ranking.test.ts): measured on the SQLite run' : false;

test('the reference pages: the answer is inside a top passage, measured against plain BM25', { skip: PAGES_SKIP }, async () => {
  // One agent holds the 30 pages; both splits ask it.
  const agents = new Map<string, { agentId: string; bySource: Map<string, string> }>();
  const results: Record<string, ReturnType<typeof quality>> = {};
  for (const split of ['dev', 'heldout'] as const) {
    for (const mode of ['bm25', 'hybrid'] as const) {
      results[`${split} ${mode}`] = quality(await measureSets([['pages', referencePagesSet(split)]], mode, agents));
      console.log(`[retrieval ${TEST_BACKEND}] pages ${split.padEnd(7)} ${mode.padEnd(6)} ${formatQuality(results[`${split} ${mode}`]!)}`);
    }
  }
  const heldout = results['heldout hybrid']!;
  for (const [name, floor] of Object.entries(PAGES_FLOORS)) assert.ok(heldout[name as keyof typeof heldout] >= floor, `pages held-out ${name} ${heldout[name as keyof typeof heldout]} < ${floor}`);
});
