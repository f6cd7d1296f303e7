import type { RequestContext } from '../context.ts';
import type { TestQuestionRecord } from '../../ports/evaluation-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

/** One test question of the agent, as it was added. */
export async function getTestQuestion(
  deps: { store: Pick<Store, 'agents' | 'testQuestions'> },
  ctx: RequestContext,
  agentId: string,
  questionId: string,
): Promise<TestQuestionRecord> {
  const agent = await getAgent(deps, ctx, agentId);
  const question = await deps.store.testQuestions.get(ctx.accountId, agent.id, questionId);
  if (!question) throw new AppError('TEST_QUESTION_NOT_FOUND', 'Test question not found.');
  return question;
}
