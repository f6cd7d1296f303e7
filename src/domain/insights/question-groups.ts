// The insights' grouped question lists: the unanswered questions (grounding found no passage at
// the floor, and no Q&A was added for them since) and the most asked topics (every chat question).
import type { DomainDeps, RequestContext } from '../context.ts';
import type { Period, QuestionRecord } from '../../ports/insight-store.ts';
import type { PageRequest } from '../../ports/page.ts';
import { getAgent } from '../agents/get-agent.ts';
import { isoTime } from '../iso-time.ts';
import { groupQuestions, wordingKey } from './group-questions.ts';
import type { Store } from '../../ports/store.ts';

/** The latest questions of a period that are grouped; older ones are counted, not grouped (the
 * answer says so with `truncated`), which bounds the work of one request. */
export const GROUPED_QUESTIONS_MAX = 1_000;
const EXAMPLES_MAX = 5;
/** The ids a row carries: what the Q&A action marks as answered. */
export const GROUP_IDS_MAX = 100;

export type QuestionList = 'unanswered' | 'topics';

export interface PublicQuestionGroup {
  question: string;
  count: number;
  examples: string[];
  questionIds: string[];
  lastAskedAt: string;
}

export interface QuestionGroups {
  groups: PublicQuestionGroup[];
  totalGroups: number;
  questions: number;
  truncated: boolean;
}

export async function listQuestionGroups(
  deps: Pick<DomainDeps, 'embedder'> & { store: Pick<Store, 'agents' | 'questions' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  list: QuestionList,
  period: Period,
  page: PageRequest,
): Promise<QuestionGroups> {
  const agent = await getAgent(deps, ctx, agentId);
  const filter = list === 'unanswered' ? { unanswered: true } : { origin: 'chat' as const };
  const { items, total } = await deps.store.questions.inPeriod(
    ctx.accountId,
    agent.id,
    period,
    filter,
    GROUPED_QUESTIONS_MAX,
  );
  const vectors = await wordingVectors(deps, items);
  const groups = groupQuestions(items, (wording) => vectors.get(wording));
  const start = (page.page - 1) * page.size;
  return {
    groups: groups.slice(start, start + page.size).map((group) => ({
      question: group.question,
      count: group.count,
      examples: group.wordings.slice(0, EXAMPLES_MAX),
      questionIds: group.members.slice(0, GROUP_IDS_MAX).map((member) => member.id),
      lastAskedAt: isoTime(group.lastAskedAt),
    })),
    totalGroups: groups.length,
    questions: total,
    truncated: total > items.length,
  };
}

/**
 * One vector per distinct wording, with the configured embedder: reused from the questions that
 * have one of this model, otherwise made now (in batches) and stored on the questions, so each
 * question is embedded once.
 */
async function wordingVectors(
  deps: Pick<DomainDeps, 'embedder'> & { store: Pick<Store, 'transaction'> },
  questions: readonly QuestionRecord[],
): Promise<Map<string, Float32Array>> {
  const model = deps.embedder.model;
  const vectors = new Map<string, Float32Array>();
  const missing = new Map<string, QuestionRecord[]>();
  for (const question of questions) {
    const key = wordingKey(question.text);
    if (question.embedding && question.embeddingModel === model) vectors.set(key, question.embedding);
  }
  for (const question of questions) {
    const key = wordingKey(question.text);
    if (question.embedding && question.embeddingModel === model) continue;
    const waiting = missing.get(key) ?? [];
    waiting.push(question);
    missing.set(key, waiting);
  }
  const keys = [...missing.keys()].filter((key) => !vectors.has(key));
  const made = keys.length > 0 ? await deps.embedder.embed(keys) : [];
  keys.forEach((key, index) => vectors.set(key, made[index] as Float32Array));
  if (missing.size > 0) {
    await deps.store.transaction(async (tx) => {
      for (const [key, waiting] of missing) {
        const vector = vectors.get(key);
        if (vector) for (const question of waiting) await tx.questions.setEmbedding(question.id, vector, model);
      }
    });
  }
  return vectors;
}
