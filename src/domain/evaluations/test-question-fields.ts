// What an owner may ask of a test question, checked where every door (API, console, CLI import)
// passes: the question, and either the sources expected to answer it or that nothing should.
import type { RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import { invalidBody } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

export const QUESTION_MAX = 2_000;
export const EXPECTED_SOURCES_MAX = 20;
export const K_DEFAULT = 3;
export const K_MAX = 10;
/** Runs are not charged (see docs/test-questions.md): an agent's questions are bounded instead. */
export const QUESTIONS_PER_AGENT = 500;

export interface TestQuestionInput {
  question: string;
  expectedSourceIds?: string[];
  expectNothing?: boolean;
  k?: number;
}

export interface CheckedQuestion {
  question: string;
  expectedSourceIds: string[] | null;
  expectNothing: boolean;
  k: number;
}

/** The question as stored, or 400 INVALID_BODY naming the field at fault. */
export async function checkTestQuestion(
  deps: { store: Pick<Store, 'sources'> },
  ctx: RequestContext,
  agent: AgentRecord,
  input: TestQuestionInput,
): Promise<CheckedQuestion> {
  const question = typeof input.question === 'string' ? input.question.trim() : '';
  if (!question) throw invalidBody({ question: ['is required and must not be empty or only spaces'] });
  if (question.length > QUESTION_MAX) throw invalidBody({ question: [`must be at most ${QUESTION_MAX} characters`] });
  const k = input.k ?? K_DEFAULT;
  if (!Number.isInteger(k) || k < 1 || k > K_MAX)
    throw invalidBody({ k: [`must be a whole number from 1 to ${K_MAX}`] });
  const expected = input.expectedSourceIds;
  if (input.expectNothing === true) {
    if (expected !== undefined)
      throw invalidBody({
        expectNothing: ['cannot be sent with expectedSourceIds: a question expects sources or nothing'],
      });
    return { question, expectedSourceIds: null, expectNothing: true, k };
  }
  if (!expected || expected.length === 0)
    throw invalidBody({ expectedSourceIds: ['must list at least one source id, unless expectNothing is true'] });
  if (expected.length > EXPECTED_SOURCES_MAX)
    throw invalidBody({ expectedSourceIds: [`must list at most ${EXPECTED_SOURCES_MAX} sources`] });
  const ids = [...new Set(expected)];
  const unknown: string[] = [];
  for (const id of ids) if (!(await deps.store.sources.get(ctx.accountId, agent.id, id))) unknown.push(id);
  if (unknown.length > 0) throw invalidBody({ expectedSourceIds: unknown.map((id) => `unknown source: ${id}`) });
  return { question, expectedSourceIds: ids, expectNothing: false, k };
}
