// `node scripts/search/measure-dev.ts`: the whole ranking (search as the API runs it, with the
// weights now in src/) on the retrieval sets one may choose on: the paraphrase set's dev split, the
// reference pages' dev questions, the shop set, the hotel desk, and
// test/fixtures/retrieval/dev2 (knowledge bases written by other authors as a development set). It never reads the
// held-out splits or paraphrase2.json, which only test/quality/retrieval.test.ts measures.
// `-- paraphrase,dev2` limits it to some sets.
import { readFileSync } from 'node:fs';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { cachedEmbedder } from '../../test/support/cached-embedder.ts';
import { startTestServer } from '../../test/support/test-server.ts';
import {
  addCounts,
  dev2Sets,
  emptyCounts,
  formatQuality,
  knowledgeFileSet,
  loadPassages,
  measure,
  paraphraseSets,
  quality,
  referencePagesSet,
  shopSet,
  type KnowledgeFile,
  type LabelledSet,
} from '../../test/quality/retrieval-set.ts';

const FIXTURES = new URL('../../test/fixtures/retrieval/', import.meta.url);

const groups: Array<[string, Array<[string, LabelledSet]>]> = [
  ['paraphrase', [...paraphraseSets('dev').entries()]],
  ['pages', [['pages', referencePagesSet('dev')]]],
  ['shop', [['shop', shopSet()]]],
  [
    'hotel',
    [
      [
        'hotel',
        knowledgeFileSet(JSON.parse(readFileSync(new URL('hotel-desk.json', FIXTURES), 'utf8')) as KnowledgeFile),
      ],
    ],
  ],
  ['dev2', dev2Sets()],
];
const wanted = process.argv[2]?.split(',') ?? groups.map(([name]) => name);

// Passages are read back from the suite's on-disk cache when it has them; questions are always embedded.
const questions = new Set(groups.flatMap(([, sets]) => sets.flatMap(([, set]) => set.questions.map((q) => q.q))));
const server = await startTestServer({ embedder: cachedEmbedder(createLocalEmbedder(), questions) });
try {
  for (const [name, sets] of groups) {
    if (!wanted.includes(name)) continue;
    let total = emptyCounts();
    for (const [setName, set] of sets) {
      const { ctx } = await server.seedAccount('pro');
      const seeded = await server.seedAgent(ctx, setName);
      const bySource = await loadPassages(server.deps, ctx, seeded.id, set.passages, set.pages);
      const agent = await server.deps.store.agents.get(ctx.accountId, seeded.id);
      if (!agent) throw new Error(`agent ${seeded.id} is gone`);
      total = addCounts(total, await measure(server.deps, agent, bySource, set));
    }
    console.log(`${name.padEnd(11)} ${formatQuality(quality(total))}`);
  }
} finally {
  await server.close();
}
