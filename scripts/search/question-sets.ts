// The retrieval sets the question adapter and the question tower are trained and chosen on: the
// training knowledge bases (test/fixtures/retrieval/train, documentation pages chunked as an upload
// chunks them) with the even half of the reference pages' dev questions, and the development sets
// (the paraphrase set's dev split, the shop set, the pages' odd half, dev2). Held-out splits and
// paraphrase2.json are never read here. Also the cosine-only report both scripts print.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import {
  dev2Sets,
  knowledgeFileSet,
  paraphraseSets,
  referencePagesSet,
  shopSet,
  type KnowledgeFile,
  type LabelledQuestion,
  type LabelledSet,
} from '../../test/quality/retrieval-set.ts';
import { extractFile } from '../../src/ingestion/extract/extract-file.ts';
import { indexedTextOf, indexPieces } from '../../src/text/index-pieces.ts';
import { embedCached } from '../embed-cached.ts';

const TRAIN_DIR = new URL('../../test/fixtures/retrieval/train/', import.meta.url);
const CACHE = new URL('../../.tmp/question-adapter-embeddings.json', import.meta.url);

export type NamedSet = [string, LabelledSet];

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
async function chunkedPagesSet(
  pages: Array<{ id: string; title: string; content: string }>,
  questions: PageQuestion[],
): Promise<LabelledSet> {
  const chunks: Array<{ id: string; title: string; content: string; page: string }> = [];
  for (const page of pages) {
    const { sections } = await extractFile({
      bytes: Buffer.from(page.content, 'utf8'),
      filename: (page.title.split('/').at(-1) as string).replace(/\.md$/, '.txt'),
    });
    indexPieces(sections).forEach((piece, i) =>
      chunks.push({ id: `${page.id}#${i}`, title: piece.heading ?? '', content: piece.content, page: page.id }),
    );
  }
  const labelled = questions.flatMap((q): LabelledQuestion[] => {
    if (q.page === null) return [{ q: q.q, passage: null }];
    const answer = collapse(q.answer ?? '');
    const chunk = chunks.find((c) => c.page === q.page && collapse(c.content).includes(answer));
    return chunk ? [{ q: q.q, passage: chunk.id }] : [];
  });
  return { passages: chunks.map(({ id, title, content }) => ({ id, title, content })), questions: labelled };
}

/** The training sets and the development groups (name, sets). QUESTION_ADAPTER_PAGES=0 leaves the
 * reference pages' even half out of training. */
export async function loadQuestionSets(): Promise<{ train: NamedSet[]; dev: Array<[string, NamedSet[]]> }> {
  const train: NamedSet[] = [];
  for (const name of readdirSync(TRAIN_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const file = JSON.parse(readFileSync(join(TRAIN_DIR.pathname, name), 'utf8')) as KnowledgeFile | TrainPagesFile;
    if ('kind' in file && file.kind === 'pages') {
      const questions: PageQuestion[] = [...file.questions, ...file.unanswerable.map((u) => ({ q: u.q, page: null }))];
      train.push([file.domain, await chunkedPagesSet(file.pages, questions)]);
    } else {
      train.push([file.domain, knowledgeFileSet(file as KnowledgeFile)]);
    }
  }
  // The reference pages (developer documentation, one subject): the even half of their dev questions
  // trains, against the passages an upload of the pages makes; the odd half is a development set and
  // held-out never is read.
  const referencePages = referencePagesSet('dev');
  const referenceQuestions = (half: 0 | 1): PageQuestion[] =>
    referencePages.questions
      .filter((_, i) => i % 2 === half)
      .map((q) => ({ q: q.q, page: q.passage, answer: q.answer ?? null }));
  if (process.env.QUESTION_ADAPTER_PAGES !== '0')
    train.push([
      'reference pages (dev, even half)',
      await chunkedPagesSet(referencePages.passages, referenceQuestions(0)),
    ]);
  const paraphraseDev: NamedSet[] = [...paraphraseSets('dev').entries()].map(([domain, set]) => [
    `paraphrase dev ${domain}`,
    set,
  ]);
  const pagesDev: NamedSet[] = [
    ['reference pages dev, odd half', await chunkedPagesSet(referencePages.passages, referenceQuestions(1))],
  ];
  return {
    train,
    dev: [
      ['paraphrase dev', paraphraseDev],
      ['shop', [['shop', shopSet()]]],
      ['pages dev (odd half)', pagesDev],
      ['dev2', dev2Sets()],
    ],
  };
}

/** As ingestion embeds a text entry: its title (the heading) on the line above its content. */
export const passageText = (p: { title: string; content: string }) => indexedTextOf(p.content, p.title || null);

/** The USE-lite vectors of every passage and question of `sets`, as ingestion embeds them (kept in .tmp/). */
export async function embedSets(sets: readonly NamedSet[]): Promise<(text: string) => Float64Array> {
  const embedder = createLocalEmbedder({ workers: 2 });
  const texts = sets.flatMap(([, set]) => [...set.passages.map(passageText), ...set.questions.map((q) => q.q)]);
  const vectors = await embedCached(embedder, texts, CACHE);
  await embedder.close();
  return (text) => Float64Array.from(vectors.get(text) as Float32Array);
}

/** A set's passages (unit vectors) and its questions with the index of the passage that answers (−1: none). */
export function agentOf(
  set: LabelledSet,
  unit: (text: string) => Float64Array,
): { passages: Float64Array[]; questions: Array<{ text: string; vector: Float64Array; target: number }> } {
  return {
    passages: set.passages.map((p) => unit(passageText(p))),
    questions: set.questions.map((q) => ({
      text: q.q,
      vector: unit(q.q),
      target: q.passage === null ? -1 : set.passages.findIndex((p) => p.id === q.passage),
    })),
  };
}

/** Cosine-only figures: hit@1 and MRR of the passage that answers; the AUC of the best cosine,
 * answerable against unanswerable; recall@3 (right passage in the top 3, above the cosine level
 * that leaves half, then 80%, of the unanswerable questions empty). `question` gives a question's
 * vector from its text and its vector as embedded. */
export function report(
  label: string,
  sets: readonly NamedSet[],
  unit: (text: string) => Float64Array,
  question: (text: string, embedded: Float64Array) => ArrayLike<number>,
): void {
  let hit1 = 0;
  let reciprocal = 0;
  const answered: number[] = [];
  const rightInTop3: number[] = [];
  const unanswered: number[] = [];
  for (const [, set] of sets) {
    const agent = agentOf(set, unit);
    for (const { text, vector, target } of agent.questions) {
      const q = question(text, vector);
      const cosines = agent.passages.map((p) => p.reduce((sum, value, i) => sum + value * (q[i] as number), 0));
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
  console.log(
    `${label.padEnd(30)} hit@1 ${(hit1 / n).toFixed(3)}  MRR ${(reciprocal / n).toFixed(3)}  AUC ${auc.toFixed(3)}  recall@3 with 50% / 80% empty ${recallAtEmpty(0.5).toFixed(3)} / ${recallAtEmpty(0.8).toFixed(3)}  (${n} + ${unanswered.length})`,
  );
}
