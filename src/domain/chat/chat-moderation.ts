// A chat message checked before anything reaches a model: what is checked, with which earlier turns,
// and what a refusal or a moderator failure tells the caller.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { ConversationRecord } from '../../ports/conversation-store.ts';
import type { ModerationConversation } from '../../ports/moderator.ts';
import { AppError } from '../errors.ts';
import type { ChatInput } from './chat-types.ts';

/** The user's earlier messages the moderator judges a new one with. */
const MODERATED_TURNS = 3;

/** The new message; with a caller's own transcript, its user turns too (the model reads them all,
 * and none of them was checked when it was first sent). */
export function textToModerate(input: ChatInput): string | null {
  const earlier = (input.transcript ?? [])
    .filter((turn) => turn.role === 'user' && turn.content)
    .map((turn) => turn.content as string);
  const texts = input.message === undefined ? earlier : [...earlier, input.message];
  return texts.length > 0 ? texts.join('\n\n') : null;
}

/** The conversation as the moderator sees it: the user's last few messages, and a name that stays
 * the same across requests (an end user's, or the conversation's), under which it may remember
 * what it refused there. */
export function moderationContext(
  ctx: RequestContext,
  agent: AgentRecord,
  input: ChatInput,
  existing: ConversationRecord | undefined,
  history: readonly { role: string; content: string | null }[],
): ModerationConversation {
  const earlier = history
    .filter((m) => m.role === 'user' && m.content !== null)
    .map((m) => m.content as string)
    .slice(-MODERATED_TURNS);
  const thread =
    input.userId !== undefined
      ? `${ctx.accountId}/${agent.id}/user/${input.userId}`
      : existing
        ? `${ctx.accountId}/${existing.id}`
        : null;
  return { thread, earlier };
}

export async function moderate(
  deps: Pick<DomainDeps, 'moderator'>,
  message: string,
  signal: AbortSignal,
  conversation: ModerationConversation,
): Promise<boolean> {
  let verdict;
  try {
    verdict = await deps.moderator.check(message, signal, conversation);
  } catch (error) {
    // Any failure of the moderator fails closed (ModerationUnavailableError or not).
    if (signal.aborted) throw error;
    throw new AppError(
      'MODERATION_UNAVAILABLE',
      'The message could not be checked for harmful content, so it was not sent to the model. Nothing was charged; try again.',
      { usage: { credits: 0 } },
    );
  }
  if (verdict.flagged) {
    throw new AppError(
      'CONTENT_BLOCKED',
      `The message was refused as harmful (${verdict.categories.join(', ')}). Nothing was charged.`,
      { output: { categories: verdict.categories }, usage: { credits: 0 } },
    );
  }
  return verdict.care === true;
}
