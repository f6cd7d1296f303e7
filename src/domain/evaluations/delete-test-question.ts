import type { RequestContext } from '../context.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

/** Removes one test question; past runs keep its result. */
export async function deleteTestQuestion(
  deps: { store: Pick<Store, 'agents' | 'testQuestions'> },
  ctx: RequestContext,
  agentId: string,
  questionId: string,
): Promise<void> {
  const agent = await getAgent(deps, ctx, agentId);
  if (!(await deps.store.testQuestions.delete(ctx.accountId, agent.id, questionId)))
    throw new AppError('TEST_QUESTION_NOT_FOUND', 'Test question not found.');
}
