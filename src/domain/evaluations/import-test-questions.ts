import type { DomainDeps, RequestContext } from '../context.ts';
import type { TestQuestionRecord } from '../../ports/evaluation-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { AppError, invalidBody, type ValidationList } from '../errors.ts';
import { storeTestQuestions } from './add-test-question.ts';
import { checkTestQuestion, QUESTIONS_PER_AGENT, type CheckedQuestion } from './test-question-fields.ts';
import { readQuestionFile, type QuestionFileFormat } from './test-question-files.ts';
import type { Store } from '../../ports/store.ts';
import { unstorableTextProblem } from '../../text/storable-text.ts';

const FIELDS = new Set(['question', 'expectedSourceIds', 'expectNothing', 'k']);

/** What the API's schema refuses before the domain sees a question, for a line of a file, which no
 * schema reads: a field it does not take (a misspelt `k` would be ignored), a wrong type, and text
 * no engine stores as written (a JSONL `\u0000` or lone `\ud800` escape, as the API refuses it). */
function checkLineShape(line: Record<string, unknown>): void {
  const list: ValidationList = {};
  for (const field of Object.keys(line)) if (!FIELDS.has(field)) list[field] = ['is not an accepted field'];
  const { question } = line;
  if (question !== undefined && typeof question !== 'string') list.question = ['must be a string'];
  const questionProblem = typeof question === 'string' ? unstorableTextProblem(question) : null;
  if (questionProblem) list.question = [questionProblem];
  if (line.expectNothing !== undefined && typeof line.expectNothing !== 'boolean')
    list.expectNothing = ['must be true or false'];
  const ids = line.expectedSourceIds;
  if (ids !== undefined && !(Array.isArray(ids) && ids.every((id) => typeof id === 'string')))
    list.expectedSourceIds = ['must be a list of source ids'];
  else if (ids !== undefined) {
    const problems = new Set((ids as string[]).map(unstorableTextProblem).filter((problem) => problem !== null));
    if (problems.size > 0) list.expectedSourceIds = [...problems];
  }
  if (Object.keys(list).length > 0) throw invalidBody(list);
}

/**
 * The questions of a JSONL or CSV file added to the agent. Every question is checked before any
 * is added, so a bad line imports nothing: 400 INVALID_BODY names the question (1-based, in file
 * order) and its field.
 */
export async function importTestQuestions(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & {
    store: Pick<Store, 'agents' | 'sources' | 'testQuestions' | 'transaction'>;
  },
  ctx: RequestContext,
  agentId: string,
  text: string,
  format: QuestionFileFormat,
): Promise<TestQuestionRecord[]> {
  const inputs = readQuestionFile(text, format);
  const agent = await getAgent(deps, ctx, agentId);
  if (inputs.length === 0) throw invalidBody({ text: ['holds no question'] });
  if ((await deps.store.testQuestions.count(ctx.accountId, agent.id)) + inputs.length > QUESTIONS_PER_AGENT) {
    throw new AppError(
      'PLAN_LIMIT_REACHED',
      `An agent holds at most ${QUESTIONS_PER_AGENT} test questions; the file would take it past that.`,
    );
  }
  const checked: CheckedQuestion[] = [];
  for (const [i, input] of inputs.entries()) {
    try {
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        throw invalidBody({ question: ['must be a JSON object'] });
      checkLineShape(input as unknown as Record<string, unknown>);
      checked.push(await checkTestQuestion(deps, ctx, agent, input));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'INVALID_BODY') throw error;
      throw inFile(i, error.details.list ?? {});
    }
  }
  // One transaction, the limit and the expected sources checked again inside it: a concurrent add,
  // import or source delete cannot leave part of the file stored, the agent past the limit, or a
  // question expecting a source deleted meanwhile.
  return storeTestQuestions(deps, ctx, agent, checked, inFile);
}

/** A question's 400, naming its place in the file. */
function inFile(index: number, list: ValidationList): AppError {
  const named = Object.fromEntries(
    Object.entries(list).map(([field, problems]) => [`question ${index + 1}: ${field}`, problems]),
  );
  return invalidBody(named, `Question ${index + 1} of the file is invalid; nothing was imported.`);
}
