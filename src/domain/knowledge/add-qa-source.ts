import type { DomainDeps, RequestContext } from '../context.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { addSource, characterCount } from './store-source.ts';
import type { Store } from '../../ports/store.ts';

/** SPEC §8 bounds the answer (800); the question's bound is ours (documented in OpenAPI). */
export const QA_QUESTION_MAX = 300;
export const QA_ANSWER_MAX = 800;

/** Adds a question/answer pair as one passage (question then answer). Emits `source.added`. */
export async function addQaSource(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder'> & { store: Pick<Store, 'agents' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  input: { question: string; answer: string },
): Promise<SourceRecord> {
  const agent = await getAgent(deps, ctx, agentId);
  const draft = {
    type: 'qa' as const,
    title: input.question,
    content: input.answer,
    url: null,
    size: null,
    storage: characterCount(input.question, input.answer),
    sections: [{ text: `${input.question.trim()}\n${input.answer.trim()}`, heading: null, page: null }],
  };
  return addSource(deps, ctx, agent, draft, input.question);
}
