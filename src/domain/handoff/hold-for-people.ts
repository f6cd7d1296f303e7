// A chat message in a conversation with people (or one whose words ask for a person, when the agent
// hands over by itself): stored for the people to answer, with no model call and no charge.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { ConversationRecord, NewMessage } from '../../ports/conversation-store.ts';
import { AppError } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';
import { settleToolResults } from '../chat/tool-results.ts';
import { recordHandoffMessage, recordHandoffRequested } from './handoff-events.ts';
import { awayNotice } from './team-hours.ts';

/** What the chat reply says in place of the model's answer (existing clients show it as a reply);
 * outside the team's hours it goes on to say when a person will answer. */
export const WITH_PEOPLE_NOTICE = 'Your message was passed to a person, who will answer here.';
export const HANDED_OVER_NOTICE = 'I am passing you to a person, who will answer here.';
/** The reason a handover made from the visitor's own words records. */
export const ASKED_FOR_PERSON = 'The visitor asked for a person.';

export interface HeldMessage {
  /** The stored user message; null when the request sent only tool results. */
  messageId: string | null;
  notice: string;
}

export async function holdForPeople(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  agent: AgentRecord,
  conversation: ConversationRecord,
  input: {
    message: string | null;
    /** The userId the request sent (null when it named the conversation by id): what chat.completed reports. */
    userId: string | null;
    title: string | null;
    toolOutputs: Map<string, string>;
    handOver: boolean;
    signal: AbortSignal;
  },
): Promise<HeldMessage> {
  const at = deps.clock.now();
  const asked: NewMessage | null =
    input.message === null
      ? null
      : {
          id: deps.ids.next('msg'),
          role: 'user',
          content: input.message,
          finishReason: null,
          credits: 0,
          toolCalls: [],
          createdAt: at,
        };
  await deps.store.transaction(async (tx) => {
    if (!(await tx.conversations.get(ctx.accountId, agent.id, conversation.id)))
      throw new AppError('CONVERSATION_NOT_FOUND', 'The conversation was deleted while the message was being stored.');
    await settleToolResults(tx, ctx.accountId, conversation.id, input.toolOutputs, at);
    let current = conversation;
    if (input.handOver) {
      const handoff = { reason: ASKED_FOR_PERSON, requestedBy: 'visitor' as const, at };
      const moved = await tx.conversations.setState(ctx.accountId, agent.id, conversation.id, 'people', handoff);
      if (moved) current = moved.conversation;
      if (moved?.moved) await recordHandoffRequested(tx, deps, ctx, current, handoff);
    }
    if (asked) {
      await tx.conversations.appendMessages(ctx.accountId, conversation.id, [asked], at, input.title);
      await recordHandoffMessage(tx, deps, ctx, current, { id: asked.id, content: asked.content as string });
    }
    if (ctx.key)
      await recordEvent(tx, deps, ctx.accountId, 'chat.completed', {
        agent: { id: agent.id },
        conversationId: conversation.id,
        userId: input.userId,
        credits: 0,
        apiKey: ctx.key.name,
      });
    input.signal.throwIfAborted();
  });
  return {
    messageId: asked?.id ?? null,
    notice: peopleNotice(input.handOver ? HANDED_OVER_NOTICE : WITH_PEOPLE_NOTICE, agent, at),
  };
}

/** The notice, and when no one is there, when a person will answer. */
export function peopleNotice(notice: string, agent: AgentRecord, at: number): string {
  const away = awayNotice(agent.handoffHours, at);
  return away ? `${notice} ${away}` : notice;
}
