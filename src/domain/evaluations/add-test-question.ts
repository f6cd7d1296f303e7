import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { TestQuestionRecord } from '../../ports/evaluation-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError, invalidBody, type ValidationList } from '../errors.ts';
import {
  checkTestQuestion,
  QUESTIONS_PER_AGENT,
  type CheckedQuestion,
  type TestQuestionInput,
} from './test-question-fields.ts';
import type { Store, StoreRepositories } from '../../ports/store.ts';

/** Adds a test question to the agent; from then on its knowledge changes re-run the questions. */
export async function addTestQuestion(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'agents' | 'sources' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  input: TestQuestionInput,
): Promise<TestQuestionRecord> {
  const agent = await getAgent(deps, ctx, agentId);
  const checked = await checkTestQuestion(deps, ctx, agent, input);
  const [record] = await storeTestQuestions(deps, ctx, agent, [checked]);
  return record as TestQuestionRecord;
}

/**
 * Stores checked questions all together or none (one transaction) and has the agent's knowledge
 * changes re-run them. The 500-a-agent limit is checked in that transaction against the questions
 * held then, so concurrent adds and imports never pass it: 403 PLAN_LIMIT_REACHED.
 */
export async function storeTestQuestions(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  agent: AgentRecord,
  questions: readonly CheckedQuestion[],
  /** The 400 for question `index` (a file names its place). */
  refuse: (index: number, list: ValidationList) => AppError = (_index, list) => invalidBody(list),
): Promise<TestQuestionRecord[]> {
  const createdAt = deps.clock.now();
  const records = questions.map((checked): TestQuestionRecord => ({
    id: deps.ids.next('tq'),
    accountId: ctx.accountId,
    agentId: agent.id,
    ...checked,
    createdAt,
  }));
  await deps.store.transaction(async (tx) => {
    await assertSourcesStillThere(tx, ctx, agent, questions, refuse);
    if (!(await tx.testQuestions.insertWithinLimit(ctx.accountId, agent.id, records, QUESTIONS_PER_AGENT)))
      throw new AppError(
        'PLAN_LIMIT_REACHED',
        records.length === 1
          ? `An agent holds at most ${QUESTIONS_PER_AGENT} test questions.`
          : `An agent holds at most ${QUESTIONS_PER_AGENT} test questions; the file would take it past that.`,
      );
    await tx.evaluationSchedule.watch(ctx.accountId, agent.id, agent.knowledgeVersion, createdAt);
  });
  return records;
}

/**
 * The checks read each expected source before this transaction: one deleted since (another request's
 * delete committed in between) is refused as the checks refuse it, and on PostgreSQL the others are
 * held until the questions commit. No question is stored expecting a source that was already gone.
 */
async function assertSourcesStillThere(
  tx: Pick<StoreRepositories, 'sources'>,
  ctx: RequestContext,
  agent: AgentRecord,
  questions: readonly CheckedQuestion[],
  refuse: (index: number, list: ValidationList) => AppError,
): Promise<void> {
  const wanted = [...new Set(questions.flatMap((question) => question.expectedSourceIds ?? []))];
  const present = new Set(await tx.sources.existing(ctx.accountId, agent.id, wanted));
  for (const [index, question] of questions.entries()) {
    const gone = (question.expectedSourceIds ?? []).filter((id) => !present.has(id));
    if (gone.length > 0) throw refuse(index, { expectedSourceIds: gone.map((id) => `unknown source: ${id}`) });
  }
}
