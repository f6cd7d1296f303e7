import type { DomainDeps } from '../context.ts';
import type { StoreRepositories } from '../../ports/store.ts';
import type { QuestionOrigin } from '../../ports/insight-store.ts';
import { cutText } from '../../text/cut-text.ts';

/** Questions longer than this are kept cut (the insights show and group their start). */
const QUESTION_MAX = 2_000;

export interface AskedQuestion {
  accountId: string;
  agentId: string;
  origin: QuestionOrigin;
  text: string;
  conversationId: string | null;
  messageId: string | null;
  /** The grounding's best passage score; null when no passage reached the floor. */
  bestScore: number | null;
}

/**
 * Records a question for the insights, inside the caller's transaction (the chat's reply or the
 * search's charge), so a request that fails leaves no question behind. Its vector is made later,
 * when the insights first group it: asking stays as fast as it was.
 */
export async function recordQuestion(
  tx: Pick<StoreRepositories, 'questions'>,
  deps: Pick<DomainDeps, 'ids' | 'clock'>,
  asked: AskedQuestion,
): Promise<void> {
  const text = cutText(asked.text.trim(), QUESTION_MAX);
  if (!text) return;
  await tx.questions.insert({
    id: deps.ids.next('qst'),
    accountId: asked.accountId,
    agentId: asked.agentId,
    conversationId: asked.conversationId,
    messageId: asked.messageId,
    origin: asked.origin,
    text,
    grounded: asked.bestScore !== null,
    bestScore: asked.bestScore,
    embedding: null,
    embeddingModel: null,
    answeredBySourceId: null,
    createdAt: deps.clock.now(),
  });
}
