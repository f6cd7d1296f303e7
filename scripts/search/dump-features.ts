// Dumps the raw signals of every (question, passage) pair of the labelled sets' dev splits (and the
// shop set and the hotel desk), under the offline USE-lite, into .tmp/search-features.json: the
// passage's cosine, its best sentence's cosine and sentence count, its BM25 fraction, the query's
// background (mean and standard deviation of its cosines with the agent's passages) and whether
// the passage answers. fit-fusion.ts fits the fusion on it. Held-out questions are never dumped.
// Passages and their sentences are read from the retrieval test's embedding cache (about 1 minute
// once the quality test has filled it); questions are embedded live.
//   ./node_modules/.bin/node scripts/search/dump-features.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { loadPassages, paraphraseSets, referencePagesSet, shopSet, type LabelledSet } from '../../test/quality/retrieval-set.ts';
import { analyze } from '../../src/domain/search/analyze.ts';
import { bm25Scores, vectorScores } from '../../src/domain/search/agent-index.ts';
import { loadAgentIndex, modelCalibration } from '../../src/domain/search/rank-passages.ts';
import { cosinesOf, createSentenceCache, passageSentences } from '../../src/domain/search/answer-sentences.ts';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { cachedEmbedder } from '../../test/support/cached-embedder.ts';

const OUT = new URL('../../.tmp/search-features.json', import.meta.url);
const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

function hotelSet(): LabelledSet {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, '../../test/fixtures/retrieval/hotel-desk.json'), 'utf8')) as {
    passages: LabelledSet['passages'];
    questions: Array<{ q: string; passage: string }>;
    unanswerable: Array<{ q: string }>;
  };
  return { passages: file.passages, questions: [...file.questions, ...file.unanswerable.map(({ q }) => ({ q, passage: null }))] };
}

export interface DumpedQuestion {
  set: string;
  q: string;
  answerable: boolean;
  terms: number;
  mean: number;
  std: number;
  /** Per passage: cosine, best sentence cosine, sentence count, BM25 fraction, answers (1/0). */
  rows: Array<[number, number, number, number, number]>;
}

async function dumpSet(server: TestServer, name: string, set: LabelledSet, out: DumpedQuestion[]): Promise<void> {
  const { account, ctx } = await server.seedAccount('pro');
  const created = await server.seedAgent(ctx, name);
  const bySource = await loadPassages(server.deps, ctx, created.id, set.passages, set.pages);
  const agent = (await server.deps.store.agents.get(account.id, created.id))!;
  const index = await loadAgentIndex(server.deps, agent);
  const ids = index.chunkIds.slice(0, index.slots).filter((id) => id !== '');
  const rows = new Map((await server.deps.store.chunks.withSources(agent.id, ids)).map((row) => [row.id, row]));
  const sentences = await passageSentences(server.deps.embedder, createSentenceCache(100_000), ids.map((id) => ({ id, content: rows.get(id)!.content, title: rows.get(id)!.source.title })));
  await modelCalibration(server.deps);
  for (const question of set.questions) {
    const [query] = await server.deps.embedder.embed([question.q]);
    const cosines = vectorScores(index, query!);
    const lexical = bm25Scores(index, analyze(question.q));
    const answer = question.answer && collapse(question.answer);
    const live = [...cosines.slice(0, index.slots)].filter((_, doc) => index.chunkIds[doc] !== '');
    const mean = live.reduce((a, b) => a + b, 0) / live.length;
    const std = Math.sqrt(live.reduce((a, b) => a + (b - mean) ** 2, 0) / live.length);
    const dumped: DumpedQuestion = { set: name, q: question.q, answerable: question.passage !== null, terms: analyze(question.q).length, mean, std, rows: [] };
    ids.forEach((id, at) => {
      const doc = index.chunkIds.indexOf(id);
      const row = rows.get(id)!;
      const own = cosinesOf(sentences[at]!, query!);
      const answers = question.passage !== null && bySource.get(row.source.id) === question.passage && (!answer || collapse(row.content).includes(answer));
      dumped.rows.push([cosines[doc]!, own.length ? Math.max(...own) : cosines[doc]!, own.length, lexical[doc]!, answers ? 1 : 0]);
    });
    out.push(dumped);
  }
  process.stderr.write(`${name}: ${set.questions.length} questions, ${ids.length} passages\n`);
}

// Passages and their sentences read from the retrieval test's embedding cache; questions embedded live.
const LIVE = new Set([...paraphraseSets('dev').values(), referencePagesSet('dev'), hotelSet(), shopSet()].flatMap((set) => set.questions.map(({ q }) => q)));
const server = await startTestServer({ embedder: cachedEmbedder(createLocalEmbedder(), LIVE) });
try {
  const out: DumpedQuestion[] = [];
  for (const [domain, set] of paraphraseSets('dev')) await dumpSet(server, `paraphrase:${domain}`, set, out);
  await dumpSet(server, 'pages', referencePagesSet('dev'), out);
  await dumpSet(server, 'hotel', hotelSet(), out);
  await dumpSet(server, 'shop', shopSet(), out);
  const calibration = await modelCalibration(server.deps);
  mkdirSync(new URL('.', OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify({ calibration, questions: out }));
} finally {
  await server.close();
}
