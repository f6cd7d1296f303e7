// The insights' one action: answer a group of questions with a Q&A source that covers every
// wording of the group. Choice (docs/insights.md): one source whose passages are one per distinct
// wording, each "wording\nanswer", so a new paraphrase near any of them finds the answer; the
// source shows as one Q&A (title: the question, content: the answer) and the extra wordings count
// against storage like the question does.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import { getAgent } from '../agents/get-agent.ts';
import { invalidBody, type AppError } from '../errors.ts';
import { termsOf } from '../../text/passage-terms.ts';
import { cutText } from '../../text/cut-text.ts';
import { addSource, characterCount } from '../knowledge/store-source.ts';
import { QA_ANSWER_MAX, QA_QUESTION_MAX } from '../knowledge/add-qa-source.ts';
import { wordingKey } from './group-questions.ts';
import type { Store } from '../../ports/store.ts';

/** Wordings kept as passages: the rest of a large group is usually covered by these. */
export const WORDINGS_MAX = 20;

export interface AnswerInput {
  questionIds: string[];
  answer: string;
  /** The Q&A's question; the group's most asked wording when omitted. */
  question?: string;
}

export async function answerQuestions(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder'> & {
    store: Pick<Store, 'agents' | 'questions' | 'transaction'>;
  },
  ctx: RequestContext,
  agentId: string,
  input: AnswerInput,
): Promise<{ source: SourceRecord; covered: number; wordings: string[] }> {
  const agent = await getAgent(deps, ctx, agentId);
  const questions = await deps.store.questions.byIds(ctx.accountId, agent.id, input.questionIds);
  if (questions.length === 0)
    throw invalidBody({ questionIds: ['names no question of this agent'] }, 'No such question.');
  if (questions.some((question) => question.answeredBySourceId !== null)) throw answeredAlready();
  const answer = input.answer.trim();
  if (!answer) throw invalidBody({ answer: ['must not be blank'] });
  // Most asked wording first; one passage per distinct wording.
  const counts = new Map<string, { text: string; count: number }>();
  for (const question of questions) {
    const key = wordingKey(question.text);
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { text: cutText(question.text, QA_QUESTION_MAX), count: 1 });
  }
  const ranked = [...counts.values()].sort((a, b) => b.count - a.count).map((entry) => entry.text);
  const title = cutText(input.question?.trim() || (ranked[0] as string), QA_QUESTION_MAX);
  const wordings = [title, ...ranked.filter((text) => wordingKey(text) !== wordingKey(title))].slice(0, WORDINGS_MAX);
  const pieces = wordings.map((wording) => {
    const content = `${wording}\n${answer.slice(0, QA_ANSWER_MAX)}`;
    return { content, heading: null, page: null, indexedText: content, terms: termsOf(content, null).join(' ') };
  });
  const draft = {
    type: 'qa' as const,
    title,
    content: answer.slice(0, QA_ANSWER_MAX),
    url: null,
    size: null,
    storage: characterCount(...wordings, answer.slice(0, QA_ANSWER_MAX)),
    pieces,
    extracted: [
      ...wordings.map((text) => ({ text, heading: 'Question', page: null })),
      { text: answer.slice(0, QA_ANSWER_MAX), heading: 'Answer', page: null },
    ],
  };
  const ids = questions.map((question) => question.id);
  // The questions are claimed in the transaction that stores the source (after it is embedded), so
  // of two answers at once only the first stores one (the other rolls back).
  const source = await addSource(deps, ctx, agent, draft, title, async (tx, source) => {
    if ((await tx.questions.markAnswered(ctx.accountId, agent.id, ids, source.id)) < ids.length)
      throw answeredAlready();
  });
  return { source, covered: questions.length, wordings };
}

/** A question of the group has an answer (another request's, or one added since the list was read). */
function answeredAlready(): AppError {
  return invalidBody(
    { questionIds: ['were answered already: reload the unanswered questions'] },
    'These questions were answered already.',
  );
}
