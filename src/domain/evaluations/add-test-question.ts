import type { DomainDeps, RequestContext } from '../context.ts';
import type { TestQuestionRecord } from '../../ports/evaluation-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError } from '../errors.ts';
import { checkTestQuestion, QUESTIONS_PER_AGENT, type TestQuestionInput } from './test-question-fields.ts';
import type { Store } from '../../ports/store.ts';

/** Adds a test question to the agent; from then on its knowledge changes re-run the questions. */
export async function addTestQuestion(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'agents' | 'sources' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  input: TestQuestionInput,
): Promise<TestQuestionRecord> {
  const agent = await getAgent(deps, ctx, agentId);
  const checked = await checkTestQuestion(deps, ctx, agent, input);
  const record: TestQuestionRecord = {
    id: deps.ids.next('tq'),
    accountId: ctx.accountId,
    agentId: agent.id,
    ...checked,
    createdAt: deps.clock.now(),
  };
  await deps.store.transaction(async (tx) => {
    if ((await tx.testQuestions.count(ctx.accountId, agent.id)) >= QUESTIONS_PER_AGENT)
      throw new AppError('PLAN_LIMIT_REACHED', `An agent holds at most ${QUESTIONS_PER_AGENT} test questions.`);
    await tx.testQuestions.insert(record);
    await tx.evaluationSchedule.watch(ctx.accountId, agent.id, agent.knowledgeVersion, record.createdAt);
  });
  return record;
}
