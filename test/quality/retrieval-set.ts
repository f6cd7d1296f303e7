// The labelled retrieval sets (test/fixtures/retrieval) and how they are measured:
// - the shop set (passages.json, queries.json): help-centre passages of one shop, keyword queries,
//   paraphrased questions and unanswerable ones; the fusion's first calibration was tuned on it;
// - the paraphrase set (paraphrase.json, paraphrase-README.md), written by an independent author:
//   80 passages in four domains (one agent per domain), questions that share almost no word with
//   the passage that answers them, and questions nothing answers. Tuned on `dev` only; `heldout`
//   is the honest figure and nothing was changed after it was first measured; paraphrase2.json
//   (paraphrase2-README.md) is a second set of the kind by a third author, in four other domains,
//   all held-out;
// - the reference pages (reference-pages.json, reference-pages-README.md), written by another
//   independent author: 30 real documentation pages (plain text, 0.6–9 KB each) in one agent,
//   uploaded as text files, so they are chunked as an upload is; the answer must be inside a
//   returned passage. Split by a hash of the question's id; tuned on `dev` only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainDeps, RequestContext } from '../../src/domain/context.ts';
import type { AgentRecord } from '../../src/ports/agent-store.ts';
import { addTextSource } from '../../src/domain/knowledge/add-text-source.ts';
import { addSource, characterCount } from '../../src/domain/knowledge/store-source.ts';
import { extractFile } from '../../src/ingestion/extract/extract-file.ts';
import { rankPassages, type RankingMode } from '../../src/domain/search/rank-passages.ts';

const DIR = join(import.meta.dirname, '../fixtures/retrieval');
const read = <T>(name: string): T => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as T;

export interface LabelledPassage {
  id: string;
  title: string;
  content: string;
}

export interface LabelledQuestion {
  q: string;
  /** The passage that answers it; null when nothing in the knowledge does. */
  passage: string | null;
  /** Words of the answer, which the returned passage must contain (passage-level measures). */
  answer?: string;
}

export interface LabelledSet {
  passages: LabelledPassage[];
  questions: LabelledQuestion[];
  /** Passages are whole pages, uploaded as text files (chunked as an upload is), not text entries. */
  pages?: boolean;
}

export function shopSet(): LabelledSet {
  const passages = read<Array<{ id: string; title: string; text: string }>>('passages.json').map((p) => ({
    id: p.id,
    title: p.title,
    content: p.text,
  }));
  const questions = read<Array<{ query: string; expect: string | null }>>('queries.json').map((q) => ({
    q: q.query,
    passage: q.expect,
  }));
  return { passages, questions };
}

interface ParaphraseFile {
  passages: Array<LabelledPassage & { domain: string }>;
  dev: ParaphraseSplit;
  heldout: ParaphraseSplit;
}
interface ParaphraseSplit {
  questions: Array<{ q: string; passage: string; answer: string }>;
  unanswerable: Array<{ q: string; domain: string; trap: boolean }>;
}

/** The paraphrase set's split, one labelled set (one agent) per domain; `paraphrase2.json` (a
 * second independent author's, four other domains) is all held-out. */
export function paraphraseSets(
  split: 'dev' | 'heldout',
  name: 'paraphrase.json' | 'paraphrase2.json' = 'paraphrase.json',
): Map<string, LabelledSet> {
  const file = read<ParaphraseFile>(name);
  const domainOf = new Map(file.passages.map((p) => [p.id, p.domain]));
  const sets = new Map<string, LabelledSet>();
  for (const domain of new Set(file.passages.map((p) => p.domain))) {
    sets.set(domain, {
      passages: file.passages.filter((p) => p.domain === domain),
      questions: [
        ...file[split].questions.filter((q) => domainOf.get(q.passage) === domain),
        ...file[split].unanswerable.filter((q) => q.domain === domain).map((q) => ({ q: q.q, passage: null })),
      ],
    });
  }
  return sets;
}

/** The shape of the dev2 files and the hotel desk: one knowledge base, its questions in other words and the questions it cannot answer. */
export interface KnowledgeFile {
  domain: string;
  passages: LabelledPassage[];
  questions: Array<{ q: string; passage: string }>;
  unanswerable: Array<{ q: string }>;
}

export const knowledgeFileSet = (file: KnowledgeFile): LabelledSet => ({
  passages: file.passages,
  questions: [
    ...file.questions.map(({ q, passage }) => ({ q, passage })),
    ...file.unanswerable.map(({ q }) => ({ q, passage: null })),
  ],
});

/** test/fixtures/retrieval/dev2: knowledge bases by other authors, written as a development set;
 * one labelled set per file, by its domain. */
export function dev2Sets(): Array<[string, LabelledSet]> {
  return readdirSync(join(DIR, 'dev2'))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = read<KnowledgeFile>(join('dev2', name));
      return [file.domain, knowledgeFileSet(file)];
    });
}

interface ReferenceFile {
  documents: Array<{ id: string; title: string; file: string; text: string }>;
  questions: Array<{
    id: string;
    split: 'dev' | 'heldout';
    question: string;
    documentId: string | null;
    answer: string | null;
  }>;
}

/** The reference pages' split: one labelled set (one agent holding all 30 pages). */
export function referencePagesSet(split: 'dev' | 'heldout'): LabelledSet {
  const file = read<ReferenceFile>('reference-pages.json');
  // A page is uploaded under its file's name, as a user would upload it.
  const passages = file.documents.map((doc) => ({
    id: doc.id,
    title: doc.file.split('/').at(-1) as string,
    content: doc.text,
  }));
  const questions = file.questions
    .filter((q) => q.split === split)
    .map((q) => ({ q: q.question, passage: q.documentId, ...(q.answer !== null && { answer: q.answer }) }));
  return { passages, questions, pages: true };
}

/** Adds every passage as a text source (or, for `pages`, as an uploaded text file); returns source id → passage id. */
export async function loadPassages(
  deps: DomainDeps,
  ctx: RequestContext,
  agentId: string,
  passages: LabelledPassage[],
  pages = false,
): Promise<Map<string, string>> {
  const bySource = new Map<string, string>();
  for (const passage of passages) {
    const source = pages
      ? await addPage(deps, ctx, agentId, passage)
      : await addTextSource(deps, ctx, agentId, { title: passage.title, content: passage.content });
    bySource.set(source.id, passage.id);
  }
  return bySource;
}

/** One page uploaded as a text file, as a user would upload it. */
export async function addPage(deps: DomainDeps, ctx: RequestContext, agentId: string, page: LabelledPassage) {
  const bytes = Buffer.from(page.content, 'utf8');
  const { sections } = await extractFile({ bytes, filename: page.title.replace(/\.md$/, '.txt') });
  const agent = (await deps.store.agents.get(ctx.accountId, agentId))!;
  return addSource(
    deps,
    ctx,
    agent,
    {
      type: 'file',
      title: page.title,
      content: null,
      url: null,
      size: bytes.length,
      storage: characterCount(page.content),
      sections,
    },
    page.title,
  );
}

/** Counts over a set's questions; `quality` turns them into shares. */
export interface Counts {
  answerable: number;
  unanswerable: number;
  hit1: number;
  hit3: number;
  hit5: number;
  reciprocal: number;
  /** The first result holding the answer (the answer's words, or the right source when none is labelled). */
  passageHit1: number;
  passageHit5: number;
  passageReciprocal: number;
  /** The right passage in the top 3 at or above the 0.3 floor (what search returns). */
  recall3: number;
  /** Unanswerable questions that return nothing. */
  empty: number;
}

export const emptyCounts = (): Counts => ({
  answerable: 0,
  unanswerable: 0,
  hit1: 0,
  hit3: 0,
  hit5: 0,
  reciprocal: 0,
  passageHit1: 0,
  passageHit5: 0,
  passageReciprocal: 0,
  recall3: 0,
  empty: 0,
});

export function addCounts(a: Counts, b: Counts): Counts {
  return Object.fromEntries(
    Object.keys(a).map((key) => [key, a[key as keyof Counts] + b[key as keyof Counts]]),
  ) as unknown as Counts;
}

export interface Quality {
  hitAt1: number;
  hitAt5: number;
  mrr: number;
  passageHitAt1: number;
  passageHitAt5: number;
  passageMrr: number;
  recallAt3: number;
  unanswerableEmpty: number;
}

export function quality(c: Counts): Quality {
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
  return {
    hitAt1: share(c.hit1, c.answerable),
    hitAt5: share(c.hit5, c.answerable),
    mrr: share(c.reciprocal, c.answerable),
    passageHitAt1: share(c.passageHit1, c.answerable),
    passageHitAt5: share(c.passageHit5, c.answerable),
    passageMrr: share(c.passageReciprocal, c.answerable),
    recallAt3: share(c.recall3, c.answerable),
    unanswerableEmpty: share(c.empty, c.unanswerable),
  };
}

export const formatQuality = (q: Quality): string =>
  Object.entries(q)
    .map(([name, value]) => `${name} ${value.toFixed(3)}`)
    .join('  ');

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Measures one agent holding `set`'s passages (`bySource` maps its sources to passage ids). */
export async function measure(
  deps: DomainDeps,
  agent: AgentRecord,
  bySource: Map<string, string>,
  set: LabelledSet,
  mode: RankingMode = 'hybrid',
): Promise<Counts> {
  const counts = emptyCounts();
  for (const question of set.questions) {
    // Ranking is measured over every passage; what the 0.3 floor lets through, on its own (recall@3, empty).
    const ranked = await rankPassages(deps, agent, question.q, 20, { mode, minimumScore: 0 });
    const returned = await rankPassages(deps, agent, question.q, 20, { mode });
    if (question.passage === null) {
      counts.unanswerable += 1;
      if (returned.length === 0) counts.empty += 1;
      continue;
    }
    counts.answerable += 1;
    const sources = [...new Set(ranked.map((result) => bySource.get(result.source.id)))];
    const rank = sources.indexOf(question.passage);
    if (rank === 0) counts.hit1 += 1;
    if (rank >= 0 && rank < 3) counts.hit3 += 1;
    if (rank >= 0 && rank < 5) counts.hit5 += 1;
    if (rank >= 0) counts.reciprocal += 1 / (rank + 1);
    // Compared with whitespace collapsed: pages are hard-wrapped, passages are not.
    const answer = question.answer && collapse(question.answer);
    const answers = (result: (typeof ranked)[number]) =>
      bySource.get(result.source.id) === question.passage && (!answer || collapse(result.content).includes(answer));
    const passageRank = ranked.findIndex(answers);
    if (passageRank === 0) counts.passageHit1 += 1;
    if (passageRank >= 0 && passageRank < 5) counts.passageHit5 += 1;
    if (passageRank >= 0) counts.passageReciprocal += 1 / (passageRank + 1);
    const top3 = [...new Set(returned.map((result) => bySource.get(result.source.id)))].slice(0, 3);
    if (top3.includes(question.passage)) counts.recall3 += 1;
  }
  return counts;
}
