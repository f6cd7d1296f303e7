// Following a conversation as it happens: the messages stored after the stream opened (a person's
// replies, the visitor's messages, the agent's answers) and its moves between the agent and people,
// as they are committed on any node. The store is the truth; the feed only says when to read it.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { ConversationRecord, MessageRecord } from '../../ports/conversation-store.ts';
import { AppError } from '../errors.ts';
import { findConversation } from '../chat/conversation-ref.ts';

/** Messages read per round; a longer backlog is read in further rounds without waiting. */
const BATCH = 50;

export type FollowEvent =
  | { type: 'start'; conversation: ConversationRecord }
  | { type: 'message'; message: MessageRecord }
  | { type: 'state'; conversation: ConversationRecord };

export interface FollowOptions {
  /** Start after this message (a reconnecting client's last one); by default, after the latest. */
  afterMessageId?: string;
  /** Ends the stream (the client left, the server is closing). */
  signal: AbortSignal;
}

/** Events until `signal` fires; ends by itself when the conversation is deleted. Errors before
 * the first event (404s, restricted keys) are thrown from the first `next()`. */
export async function* followConversation(
  deps: Pick<DomainDeps, 'conversationFeed'> & { store: Pick<Store, 'agents' | 'conversations' | 'messages'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
  options: FollowOptions,
): AsyncGenerator<FollowEvent> {
  const { agent, conversation } = await findConversation(deps, ctx, agentId, ref);
  const { signal } = options;
  const { store, conversationFeed: feed } = deps;
  let seq = await startingSeq(deps, ctx, conversation, options.afterMessageId);
  let state = conversation.state;
  yield { type: 'start', conversation };
  while (!signal.aborted) {
    const armed = feed.arm(conversation.id, feed.pollMs, signal);
    armed.wait.catch(() => {}); // read below when it matters
    const messages = await store.messages.after(ctx.accountId, conversation.id, seq, BATCH);
    for (const message of messages) {
      seq = message.seq;
      yield { type: 'message', message };
    }
    const current = await store.conversations.get(ctx.accountId, agent.id, conversation.id);
    if (!current) return;
    if (current.state !== state) {
      state = current.state;
      yield { type: 'state', conversation: current };
    }
    if (messages.length === BATCH) {
      armed.disarm();
      continue;
    }
    try {
      await armed.wait;
    } catch {
      return; // the signal fired
    }
  }
}

async function startingSeq(
  deps: { store: Pick<Store, 'messages'> },
  ctx: RequestContext,
  conversation: ConversationRecord,
  afterMessageId: string | undefined,
): Promise<number> {
  if (afterMessageId === undefined)
    return (await deps.store.messages.recent(ctx.accountId, conversation.id, 1))[0]?.seq ?? 0;
  const message = await deps.store.messages.get(ctx.accountId, conversation.id, afterMessageId);
  if (!message) throw new AppError('MESSAGE_NOT_FOUND', 'No message of this conversation has the `after` id.');
  return message.seq;
}
