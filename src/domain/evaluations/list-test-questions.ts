import type { RequestContext } from '../context.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import type { TestQuestionRecord } from '../../ports/evaluation-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import type { Store } from '../../ports/store.ts';

/** The agent's test questions, newest first. */
export async function listTestQuestions(
  deps: { store: Pick<Store, 'agents' | 'testQuestions'> },
  ctx: RequestContext,
  agentId: string,
  page: PageRequest,
): Promise<Page<TestQuestionRecord>> {
  const agent = await getAgent(deps, ctx, agentId);
  return deps.store.testQuestions.list(ctx.accountId, agent.id, page);
}
