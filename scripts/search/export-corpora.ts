// `node scripts/search/export-corpora.ts OUT.json [--sets a,b]`: every labelled set's agent as the
// index holds it (each passage's source and analysed terms in order) and every question's terms,
// cosines with every passage and the passages that answer it. For ranking research that needs
// more than the best 40 candidates (page-level and proximity signals): nothing is embedded twice.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { cachedEmbedder } from '../../test/support/cached-embedder.ts';
import { startTestServer } from '../../test/support/test-server.ts';
import {
  docsetNames,
  holdsAnswer,
  ingestDocset,
  loadDocset,
  DOCSET_SERVER_CONFIG,
} from '../../test/quality/docsets.ts';
import {
  dev2Sets,
  loadPassages,
  paraphraseSets,
  referencePagesSet,
  shopSet,
  type LabelledSet,
} from '../../test/quality/retrieval-set.ts';
import { analyze } from '../../src/text/analyze.ts';
import { embedQuestions } from '../../src/domain/search/question-adapter.ts';
import { modelCalibration } from '../../src/domain/search/rank-passages.ts';
import type { AgentRecord } from '../../src/ports/agent-store.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { sets: { type: 'string' } } });
const out = positionals[0] ?? '.tmp/corpora.json';
const wanted = (name: string) => !values.sets || values.sets.split(',').some((part) => name.startsWith(part));

const docsets = docsetNames()
  .map(loadDocset)
  .filter((set) => wanted(set.name));
const labelled: Array<[string, string, LabelledSet]> = [];
if (wanted('reference'))
  for (const split of ['dev', 'heldout'] as const) labelled.push(['reference', split, referencePagesSet(split)]);
if (wanted('paraphrase'))
  for (const split of ['dev', 'heldout'] as const)
    for (const [domain, set] of paraphraseSets(split)) labelled.push([`paraphrase/${domain}`, split, set]);
if (wanted('paraphrase2'))
  for (const [domain, set] of paraphraseSets('heldout', 'paraphrase2.json'))
    labelled.push([`paraphrase2/${domain}`, 'heldout', set]);
if (wanted('shop')) labelled.push(['shop', 'dev', shopSet()]);
if (wanted('dev2')) for (const [domain, set] of dev2Sets()) labelled.push([`dev2/${domain}`, 'dev', set]);

const questions = new Set([
  ...docsets.flatMap((set) => set.questions.map((q) => q.q)),
  ...labelled.flatMap(([, , set]) => set.questions.map((q) => q.q)),
]);
const embedder = cachedEmbedder(createLocalEmbedder(), questions);
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
  asked: Array<{
    q: string;
    split: string;
    isAnswer: ((content: string, sourceId: string) => boolean) | null;
    isPage: (sourceId: string) => boolean;
  }>,
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
  const vectors = await embedQuestions(
    server.deps.embedder,
    asked.map((a) => a.q),
  );
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
      return { q: a.q, split: a.split, terms: analyze(a.q), cos, answers: a.isAnswer ? answers : [], page };
    }),
  };
}

const corpora: Corpus[] = [];
try {
  for (const set of docsets) {
    const { ctx } = await server.seedAccount('business');
    const seeded = await server.seedAgent(ctx, set.name);
    const pages = await ingestDocset(server.deps, ctx, seeded, set);
    const agent = (await server.deps.store.agents.get(ctx.accountId, seeded.id))!;
    corpora.push(
      await exportAgent(
        set.name,
        'docs',
        agent,
        set.questions.map((question) => ({
          q: question.q,
          split: question.split,
          isAnswer:
            question.answer === null
              ? null
              : (content, sourceId) => pages.get(sourceId) === question.page && holdsAnswer(content, question.answer!),
          isPage: (sourceId) => pages.get(sourceId) === question.page,
        })),
      ),
    );
    console.log(`${set.name}: ${corpora.at(-1)!.passages.length} passages`);
  }
  for (const [name, split, set] of labelled) {
    const { ctx } = await server.seedAccount('business');
    const seeded = await server.seedAgent(ctx, name);
    const bySource = await loadPassages(server.deps, ctx, seeded.id, set.passages, set.pages);
    const agent = (await server.deps.store.agents.get(ctx.accountId, seeded.id))!;
    const collapse = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
    corpora.push(
      await exportAgent(
        `${name}#${split}`,
        set.pages ? 'docs' : 'paraphrase',
        agent,
        set.questions.map((question) => {
          const answer = question.answer && collapse(question.answer);
          return {
            q: question.q,
            split,
            isAnswer:
              question.passage === null
                ? null
                : (content: string, sourceId: string) =>
                    bySource.get(sourceId) === question.passage && (!answer || collapse(content).includes(answer)),
            isPage: (sourceId: string) => bySource.get(sourceId) === question.passage,
          };
        }),
      ),
    );
    console.log(`${name} ${split}: ${corpora.at(-1)!.passages.length} passages`);
  }
  const calibration = await modelCalibration(server.deps);
  writeFileSync(out, JSON.stringify({ calibration, corpora }));
} finally {
  await server.close();
}
