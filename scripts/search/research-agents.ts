// The labelled sets the ranking research reads (both splits of each, tagged), each ingested into an
// agent of its own as the evaluation ingests it, with every question's test for "this passage
// answers" and "this passage is from the answering page". Shared by dump-candidates.ts and
// export-corpora.ts, so both read the same agents and label passages the same way.
import type { TestServer } from '../../test/support/test-server.ts';
import { docsetNames, holdsAnswer, ingestDocset, loadDocset, type Docset } from '../../test/quality/docsets.ts';
import {
  dev2Sets,
  loadPassages,
  paraphraseSets,
  referencePagesSet,
  shopSet,
  type LabelledSet,
} from '../../test/quality/retrieval-set.ts';
import type { AgentRecord } from '../../src/ports/agent-store.ts';

export interface AskedQuestion {
  q: string;
  split: string;
  /** Null: no passage answers (an unanswerable question). */
  isAnswer: ((content: string, sourceId: string) => boolean) | null;
  isPage: (sourceId: string) => boolean;
}

export interface ResearchAgent {
  /** The set's name ("fastify", "paraphrase/travel"); `split` is set for the labelled sets. */
  name: string;
  split?: string;
  kind: 'docs' | 'paraphrase';
  agent: AgentRecord;
  asked: AskedQuestion[];
}

export interface ResearchSets {
  docsets: Docset[];
  labelled: Array<[name: string, split: string, set: LabelledSet]>;
  /** Every question's text (embedded live, never from the cache). */
  questions: Set<string>;
}

/** The sets whose name starts with one of the comma-separated `filter` parts (all without one). */
export function researchSets(filter?: string): ResearchSets {
  const wanted = (name: string) => !filter || filter.split(',').some((part) => name.startsWith(part));
  const docsets = docsetNames()
    .map(loadDocset)
    .filter((set) => wanted(set.name));
  const labelled: ResearchSets['labelled'] = [];
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
  return { docsets, labelled, questions };
}

/** Each set ingested into a new agent of its own account, one after the other. */
export async function* researchAgents(server: TestServer, sets: ResearchSets): AsyncGenerator<ResearchAgent> {
  const agentFor = async (name: string) => {
    const { ctx } = await server.seedAccount('business');
    return { ctx, seeded: await server.seedAgent(ctx, name) };
  };
  const stored = async (accountId: string, agentId: string) =>
    (await server.deps.store.agents.get(accountId, agentId)) as AgentRecord;
  for (const set of sets.docsets) {
    const { ctx, seeded } = await agentFor(set.name);
    const pages = await ingestDocset(server.deps, ctx, seeded, set);
    yield {
      name: set.name,
      kind: 'docs',
      agent: await stored(ctx.accountId, seeded.id),
      asked: set.questions.map(({ q, split, page, answer }) => ({
        q,
        split,
        isAnswer:
          answer === null ? null : (content, sourceId) => pages.get(sourceId) === page && holdsAnswer(content, answer),
        isPage: (sourceId) => pages.get(sourceId) === page,
      })),
    };
  }
  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  for (const [name, split, set] of sets.labelled) {
    const { ctx, seeded } = await agentFor(name);
    const bySource = await loadPassages(server.deps, ctx, seeded.id, set.passages, set.pages);
    yield {
      name,
      split,
      kind: set.pages ? 'docs' : 'paraphrase',
      agent: await stored(ctx.accountId, seeded.id),
      asked: set.questions.map((question) => {
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
    };
  }
}
