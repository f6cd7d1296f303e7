// `npm run train:question-adapter`: trains the offline model's question adapter
// (src/domain/search/question-adapter.ts) from test/fixtures/retrieval/train (35 knowledge bases
// written for it: passages, questions in other words, unanswerable questions) and the even half of
// the reference pages' dev questions (QUESTION_ADAPTER_PAGES=0 leaves them out), and writes
// src/domain/search/question-adapters/use-lite-512.json. Before and after, it prints cosine-only
// figures on the development sets (the paraphrase set's dev split, the shop set, the odd half of
// the reference pages' dev questions and test/fixtures/retrieval/dev2); held-out splits and
// paraphrase2.json are never read here. scripts/search/measure-dev.ts measures the same sets
// through the whole ranking. Deterministic: same data, same weights.
// QUESTION_ADAPTER="rank=32,l2=0.01,epochs=60,learningRate=0.003,temperature=0.05" changes the options;
// `-- --dry-run` trains and reports without writing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalEmbedder, LOCAL_EMBEDDING_MODEL } from '../src/providers/embedding/local-embedder.ts';
import { createQuestionAdapter, type QuestionAdapter, type QuestionAdapterWeights } from '../src/domain/search/question-adapter.ts';
import { dev2Sets, knowledgeFileSet, paraphraseSets, referencePagesSet, shopSet, type KnowledgeFile, type LabelledQuestion, type LabelledSet } from '../test/quality/retrieval-set.ts';
import { extractFile } from '../src/ingestion/extract/extract-file.ts';
import { indexedTextOf, indexPieces } from '../src/domain/knowledge/index-pieces.ts';
import { embedCached } from './embed-cached.ts';
import { trainAdapter, type AdapterAgent, type AdapterOptions } from './search/low-rank-adapter.ts';

const TRAIN_DIR = new URL('../test/fixtures/retrieval/train/', import.meta.url);
const OUTPUT = new URL('../src/domain/search/question-adapters/use-lite-512.json', import.meta.url);
const CACHE = new URL('../.tmp/question-adapter-embeddings.json', import.meta.url);
const DIMENSION = 512;
// Chosen on the development sets with the adapter on, through the whole ranking (docs/search.md):
// 0.85, 0.9, 0.95 and 1 were measured; 0.9 raised recall@3 and the empty share together on every set.
const SEMANTIC_MIDPOINT = 0.9;

const options: AdapterOptions = { rank: 32, epochs: 60, learningRate: 0.003, l2: 0.01, temperature: 0.05 };
for (const pair of (process.env.QUESTION_ADAPTER ?? '').split(',').filter(Boolean)) {
  const [name, value] = pair.split('=');
  if (!name || !(name in options)) throw new Error(`unknown option ${name}`);
  options[name as keyof AdapterOptions] = Number(value);
}

/** Documentation pages (`"kind": "pages"`): whole pages, chunked here as an upload chunks them. */
interface TrainPagesFile {
  domain: string;
  kind: 'pages';
  pages: Array<{ id: string; title: string; content: string }>;
  questions: Array<{ q: string; page: string; answer: string }>;
  unanswerable: Array<{ q: string }>;
}
interface PageQuestion {
  q: string;
  page: string | null;
  answer?: string | null;
}

// Whole pages become the passages an upload of them makes; an answerable question's passage is
// the chunk that holds its answer (questions whose answer straddles two chunks are left out).
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
async function chunkedPagesSet(pages: Array<{ id: string; title: string; content: string }>, questions: PageQuestion[]): Promise<LabelledSet> {
  const chunks: Array<{ id: string; title: string; content: string; page: string }> = [];
  for (const page of pages) {
    const { sections } = await extractFile({ bytes: Buffer.from(page.content, 'utf8'), filename: (page.title.split('/').at(-1) as string).replace(/\.md$/, '.txt') });
    indexPieces(sections).forEach((piece, i) => chunks.push({ id: `${page.id}#${i}`, title: piece.heading ?? '', content: piece.content, page: page.id }));
  }
  const labelled = questions.flatMap((q): LabelledQuestion[] => {
    if (q.page === null) return [{ q: q.q, passage: null }];
    const answer = collapse(q.answer ?? '');
    const chunk = chunks.find((c) => c.page === q.page && collapse(c.content).includes(answer));
    return chunk ? [{ q: q.q, passage: chunk.id }] : [];
  });
  return { passages: chunks.map(({ id, title, content }) => ({ id, title, content })), questions: labelled };
}

const trainSets: Array<[string, LabelledSet]> = [];
for (const name of readdirSync(TRAIN_DIR).filter((file) => file.endsWith('.json')).sort()) {
  const file = JSON.parse(readFileSync(join(TRAIN_DIR.pathname, name), 'utf8')) as KnowledgeFile | TrainPagesFile;
  if ('kind' in file && file.kind === 'pages') {
    const questions: PageQuestion[] = [...file.questions, ...file.unanswerable.map((u) => ({ q: u.q, page: null }))];
    trainSets.push([file.domain, await chunkedPagesSet(file.pages, questions)]);
  } else {
    trainSets.push([file.domain, knowledgeFileSet(file as KnowledgeFile)]);
  }
}
// The reference pages (developer documentation, one subject): the even half of their dev questions
// trains, against the passages an upload of the pages makes; the odd half is a development set and
// held-out never is read.
const referencePages = referencePagesSet('dev');
const referenceQuestions = (half: 0 | 1): PageQuestion[] => referencePages.questions.filter((_, i) => i % 2 === half).map((q) => ({ q: q.q, page: q.passage, answer: q.answer ?? null }));
if (process.env.QUESTION_ADAPTER_PAGES !== '0') trainSets.push(['reference pages (dev, even half)', await chunkedPagesSet(referencePages.passages, referenceQuestions(0))]);

const paraphraseDev: Array<[string, LabelledSet]> = [...paraphraseSets('dev').entries()].map(([domain, set]) => [`paraphrase dev ${domain}`, set]);
const shopDev: Array<[string, LabelledSet]> = [['shop', shopSet()]];
const pagesDev: Array<[string, LabelledSet]> = [['reference pages dev, odd half', await chunkedPagesSet(referencePages.passages, referenceQuestions(1))]];
const dev2 = dev2Sets();
const devSets = [...paraphraseDev, ...shopDev, ...pagesDev, ...dev2];

// As ingestion embeds a text entry: its title (the heading) on the line above its content.
const passageText = (p: { title: string; content: string }) => indexedTextOf(p.content, p.title || null);

const embedder = createLocalEmbedder({ workers: 2 });
const texts = [...trainSets, ...devSets].flatMap(([, set]) => [...set.passages.map(passageText), ...set.questions.map((q) => q.q)]);
const vectors = await embedCached(embedder, texts, CACHE);
await embedder.close();
const unit = (text: string): Float64Array => Float64Array.from(vectors.get(text) as Float32Array);

function toAgent(set: LabelledSet): AdapterAgent {
  return {
    passages: set.passages.map((p) => unit(passageText(p))),
    questions: set.questions.map((q) => ({ vector: unit(q.q), target: q.passage === null ? -1 : set.passages.findIndex((p) => p.id === q.passage) })),
  };
}

/** Cosine-only figures: hit@1 and MRR of the passage that answers; the AUC of the best cosine,
 * answerable against unanswerable; recall@3 (right passage in the top 3, above the cosine level
 * that leaves half, then 80%, of the unanswerable questions empty). */
function report(label: string, sets: Array<[string, LabelledSet]>, adapter: QuestionAdapter | null): void {
  let hit1 = 0;
  let reciprocal = 0;
  const answered: number[] = [];
  const rightInTop3: number[] = [];
  const unanswered: number[] = [];
  for (const [, set] of sets) {
    const agent = toAgent(set);
    for (const { vector, target } of agent.questions) {
      const question = adapter ? Float64Array.from(adapter.adapt(Float32Array.from(vector))) : vector;
      const cosines = agent.passages.map((p) => p.reduce((sum, value, i) => sum + value * (question[i] as number), 0));
      const order = cosines.map((_, i) => i).sort((a, b) => (cosines[b] as number) - (cosines[a] as number));
      const best = cosines[order[0] as number] as number;
      if (target < 0) {
        unanswered.push(best);
        continue;
      }
      const rank = order.indexOf(target);
      if (rank === 0) hit1 += 1;
      reciprocal += 1 / (rank + 1);
      answered.push(best);
      rightInTop3.push(rank < 3 ? (cosines[target] as number) : -Infinity);
    }
  }
  let auc = 0;
  for (const a of answered) for (const u of unanswered) auc += a > u ? 1 : a === u ? 0.5 : 0;
  auc /= Math.max(1, answered.length * unanswered.length);
  const sorted = [...unanswered].sort((a, b) => a - b);
  const recallAtEmpty = (share: number) => {
    const level = (sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] as number) + 1e-9;
    return rightInTop3.filter((cosine) => cosine >= level).length / answered.length;
  };
  const n = answered.length;
  console.log(`${label.padEnd(30)} hit@1 ${(hit1 / n).toFixed(3)}  MRR ${(reciprocal / n).toFixed(3)}  AUC ${auc.toFixed(3)}  recall@3 with 50% / 80% empty ${recallAtEmpty(0.5).toFixed(3)} / ${recallAtEmpty(0.8).toFixed(3)}  (${n} + ${unanswered.length})`);
}

const trained = trainAdapter(trainSets.map(([, set]) => toAgent(set)), DIMENSION, options);
const base64 = (values: Float64Array) => Buffer.from(Float32Array.from(values).buffer).toString('base64');
const weights: QuestionAdapterWeights = {
  model: LOCAL_EMBEDDING_MODEL,
  dimension: DIMENSION,
  rank: options.rank,
  u: base64(trained.u),
  v: base64(trained.v),
  semanticMidpoint: SEMANTIC_MIDPOINT,
  trainedOn: { domains: trainSets.map(([name]) => name), questions: trainSets.reduce((sum, [, set]) => sum + set.questions.length, 0), options },
};
const adapter = createQuestionAdapter(weights);
console.log(`trained on ${trainSets.length} domains (${weights.trainedOn && (weights.trainedOn as { questions: number }).questions} questions), options ${JSON.stringify(options)}: loss ${trained.loss.toFixed(4)}, "none" level ${trained.noneLevel.toFixed(3)}`);
const groups: Array<[string, Array<[string, LabelledSet]>]> = [['train', trainSets], ['paraphrase dev', paraphraseDev], ['shop', shopDev], ['pages dev (odd half)', pagesDev], ['dev2', dev2]];
for (const [label, sets] of groups) {
  report(`${label}, as embedded`, [...sets], null);
  report(`${label}, adapted`, [...sets], adapter);
}
if (!process.argv.includes('--dry-run')) {
  writeFileSync(OUTPUT, `${JSON.stringify(weights, null, 1)}\n`);
  console.log(`wrote ${OUTPUT.pathname}`);
}
