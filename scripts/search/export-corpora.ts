// `node scripts/search/export-corpora.ts OUT.json [--sets a,b]`: every labelled set's agent as the
// index holds it (each passage's source and analysed terms in order) and every question's terms,
// cosines with every passage and the passages that answer it. For ranking research that needs
// more than the best 40 candidates (page-level and proximity signals): nothing is embedded twice.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { cachedEmbedder } from '../../test/support/cached-embedder.ts';
import { startTestServer } from '../../test/support/test-server.ts';
import { DOCSET_SERVER_CONFIG } from '../../test/quality/docsets.ts';
import { researchAgents, researchSets, type AskedQuestion } from './research-agents.ts';
import { analyzeQuery } from '../../src/text/analyze.ts';
import { modelCalibration } from '../../src/domain/search/rank-passages.ts';
import type { AgentRecord } from '../../src/ports/agent-store.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { sets: { type: 'string' } } });
const out = positionals[0] ?? '.tmp/corpora.json';
const sets = researchSets(values.sets);
const embedder = cachedEmbedder(createLocalEmbedder(), sets.questions);
const server = await startTestServer({ embedder, configFile: DOCSET_SERVER_CONFIG });

interface Corpus {
  set: string;
  kind: 'docs' | 'paraphrase';
  passages: Array<{ source: string; terms: string[]; content: string }>;
  questions: Array<{ q: string; split: string; terms: string[]; cos: number[]; answers: number[]; page: number[] }>;
}

async function exportAgent(
  set: string,
  kind: Corpus['kind'],
  agent: AgentRecord,
  asked: AskedQuestion[],
): Promise<Corpus> {
  const chunks = await server.deps.store.chunks.searchable(agent.id, server.deps.embedder.model);
  chunks.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows = new Map(
    (
      await server.deps.store.chunks.withSources(
        agent.id,
        chunks.map((c) => c.id),
      )
    ).map((row) => [row.id, row]),
  );
  const vectors = await server.deps.embedder.embed(asked.map((a) => a.q));
  const dim = server.deps.embedder.dimension;
  return {
    set,
    kind,
    passages: chunks.map((chunk) => ({
      source: chunk.sourceId,
      terms: chunk.terms ? chunk.terms.split(' ') : [],
      content: rows.get(chunk.id)!.content,
    })),
    questions: asked.map((a, i) => {
      const v = vectors[i]!;
      const cos = chunks.map((chunk) => {
        let sum = 0;
        for (let d = 0; d < dim; d += 1) sum += (chunk.embedding[d] as number) * (v[d] as number);
        return Math.round(sum * 10_000) / 10_000;
      });
      const answers: number[] = [];
      const page: number[] = [];
      chunks.forEach((chunk, slot) => {
        const content = rows.get(chunk.id)!.content;
        if (a.isAnswer?.(content, chunk.sourceId)) answers.push(slot);
        if (a.isPage(chunk.sourceId)) page.push(slot);
      });
      return { q: a.q, split: a.split, terms: analyzeQuery(a.q).terms, cos, answers: a.isAnswer ? answers : [], page };
    }),
  };
}

const corpora: Corpus[] = [];
try {
  for await (const { name, split, kind, agent, asked } of researchAgents(server, sets)) {
    corpora.push(await exportAgent(split ? `${name}#${split}` : name, kind, agent, asked));
    console.log(`${name}${split ? ` ${split}` : ''}: ${corpora.at(-1)!.passages.length} passages`);
  }
  const calibration = await modelCalibration(server.deps);
  writeFileSync(out, JSON.stringify({ calibration, corpora }));
} finally {
  await server.close();
}
