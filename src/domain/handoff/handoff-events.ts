// The handoff's webhook events, recorded in the transaction of the change they report.
import type { Clock } from '../../ports/clock.ts';
import type { Ids } from '../../ports/ids.ts';
import type { StoreRepositories } from '../../ports/store.ts';
import type { ConversationRecord, HandoffRecord } from '../../ports/conversation-store.ts';
import type { RequestContext } from '../context.ts';
import { recordEvent } from '../events/record-event.ts';

type EventDeps = { clock: Clock; ids: Ids };

function about(conversation: ConversationRecord) {
  return { agent: { id: conversation.agentId }, conversationId: conversation.id, userId: conversation.userId };
}

/** The key's name when a key made the request (never the key), else null. */
const apiKey = (ctx: RequestContext) => ctx.key?.name ?? null;

export function recordHandoffRequested(
  tx: Pick<StoreRepositories, 'events'>,
  deps: EventDeps,
  ctx: RequestContext,
  conversation: ConversationRecord,
  handoff: HandoffRecord,
) {
  return recordEvent(tx, deps, ctx.accountId, 'handoff.requested', {
    ...about(conversation),
    reason: handoff.reason,
    requestedBy: handoff.requestedBy,
    apiKey: apiKey(ctx),
  });
}

/** A visitor's message while the conversation is with people (a team may bridge it to its chat tool). */
export function recordHandoffMessage(
  tx: Pick<StoreRepositories, 'events'>,
  deps: EventDeps,
  ctx: RequestContext,
  conversation: ConversationRecord,
  message: { id: string; content: string },
) {
  return recordEvent(tx, deps, ctx.accountId, 'handoff.message', {
    ...about(conversation),
    messageId: message.id,
    content: message.content,
  });
}

export function recordHandoffResolved(
  tx: Pick<StoreRepositories, 'events'>,
  deps: EventDeps,
  ctx: RequestContext,
  conversation: ConversationRecord,
  resolvedBy: 'api' | 'console',
) {
  return recordEvent(tx, deps, ctx.accountId, 'handoff.resolved', {
    ...about(conversation),
    resolvedBy,
    apiKey: apiKey(ctx),
  });
}
