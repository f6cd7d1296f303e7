// `node scripts/search/dump-candidates.ts OUT.json [--sets a,b]`: for every question of every
// labelled set (both splits, each tagged), the passages either signal puts near the top, with the
// raw signals a ranking can be built from and whether the passage answers. The ranking research
// (scripts/search/fit-ranking.ts) reads this file, so that orderings and score calibrations are
// compared on the same candidates without embedding anything again.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { cachedEmbedder } from '../../test/support/cached-embedder.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { DOCSET_SERVER_CONFIG } from '../../test/quality/docsets.ts';
import type { Dump, Question } from './candidates-file.ts';
import { researchAgents, researchSets } from './research-agents.ts';
import { analyzeQuery } from '../../src/text/analyze.ts';
import { bm25Scores, exactCosine } from '../../src/search-index/agent-index.ts';
import { indexedAgent, modelCalibration } from '../../src/domain/search/rank-passages.ts';
import { spelledAsTheAgent, type InMemoryPassageIndex } from '../../src/search-index/passage-index.ts';
import type { AgentRecord } from '../../src/ports/agent-store.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { sets: { type: 'string' } } });
const out = positionals[0] ?? '.tmp/candidates.json';

type SetDump = Dump['sets'][number];

const sets = researchSets(values.sets);
const embedder = cachedEmbedder(createLocalEmbedder(), sets.questions);
const server = await startTestServer({
  embedder,
  configFile: DOCSET_SERVER_CONFIG,
});
const PER_SIGNAL = 40;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

async function dumpQuestion(
  server: TestServer,
  agent: AgentRecord,
  q: string,
  split: string,
  isAnswer: ((content: string, sourceId: string) => boolean) | null,
  isPage: (sourceId: string) => boolean,
): Promise<Question> {
  const index = await (server.deps.passageIndex as InMemoryPassageIndex).indexOf(indexedAgent(server.deps, agent));
  const [vector] = await server.deps.embedder.embed([q]);
  // The question's terms as search reads them: a misspelt word as the agent's nearest term.
  const terms = spelledAsTheAgent(index, analyzeQuery(q));
  const lexical = bm25Scores(index, terms);
  const idf = (term: string) => {
    const frequency = index.postings.get(term)?.length ?? 0;
    return Math.log(1 + (index.live - frequency + 0.5) / (frequency + 0.5));
  };
  const live = [...Array(index.slots).keys()].filter((doc) => index.chunkIds[doc] !== '');
  const top = (value: (doc: number) => number) => [...live].sort((a, b) => value(b) - value(a)).slice(0, PER_SIGNAL);
  const cos = new Map(live.map((doc) => [doc, exactCosine(index, doc, vector!)]));
  const docs = [
    ...new Set([
      ...top((doc) => lexical[doc] as number).filter((doc) => (lexical[doc] as number) > 0),
      ...top((doc) => cos.get(doc)!),
    ]),
  ];
  const rows = new Map(
    (
      await server.deps.store.chunks.withSources(
        agent.id,
        docs.map((doc) => index.chunkIds[doc] as string),
      )
    ).map((row) => [row.id, row]),
  );
  const termsOf = (doc: number) =>
    terms.filter((term) => index.postings.get(term)?.docs.subarray(0, index.postings.get(term)!.length).includes(doc));
  return {
    q,
    split,
    answerable: isAnswer !== null,
    n: index.live,
    meanCos: mean([...cos.values()]),
    queryIdf: terms.reduce((sum, term) => sum + idf(term), 0),
    queryTerms: terms.length,
    idfMax: Math.log(1 + (index.live - 0.5) / 1.5),
    candidates: docs.map((doc) => {
      const row = rows.get(index.chunkIds[doc] as string)!;
      const matched = termsOf(doc);
      return {
        id: row.id,
        bm25: lexical[doc] as number,
        matchedIdf: matched.reduce((sum, term) => sum + idf(term), 0),
        matchedTerms: matched.length,
        cos: cos.get(doc)!,
        label: isAnswer?.(row.content, row.source.id) ? 1 : 0,
        page: isPage(row.source.id) ? 1 : 0,
      };
    }),
  };
}

const dumps: SetDump[] = [];
try {
  for await (const { name, split, kind, agent, asked } of researchAgents(server, sets)) {
    const dump: SetDump = { set: name, kind, questions: [] };
    for (const question of asked)
      dump.questions.push(
        await dumpQuestion(server, agent, question.q, question.split, question.isAnswer, question.isPage),
      );
    dumps.push(dump);
    console.log(`${name}${split ? ` ${split}` : ''}: ${dump.questions.length} questions`);
  }
  const calibration = await modelCalibration(server.deps);
  const written: Dump = { calibration, sets: dumps };
  writeFileSync(out, JSON.stringify(written));
} finally {
  await server.close();
}
