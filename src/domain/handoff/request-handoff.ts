// agent → people: an API client, the visitor (the widget's menu) or a console member hands the
// conversation to the account's people. Asking again while it is with people changes nothing.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { ConversationRecord, HandoffRecord, HandoffRequester } from '../../ports/conversation-store.ts';
import type { Store, StoreRepositories } from '../../ports/store.ts';
import { AppError } from '../errors.ts';
import { findConversation } from '../chat/conversation-ref.ts';
import { getAgent } from '../agents/get-agent.ts';
import { recordHandoffRequested } from './handoff-events.ts';
import { awayNotice } from './team-hours.ts';

export const HANDOFF_REASON_MAX = 500;

export interface HandoffInput {
  reason?: string;
  requestedBy: HandoffRequester;
}

/** The conversation after; `handoff.requested` is recorded only by the request that moved it. */
export async function requestHandoff(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'agents' | 'conversations' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  ref: string,
  input: HandoffInput,
): Promise<ConversationRecord> {
  const { agent, conversation } = await findConversation(deps, ctx, agentId, ref);
  const handoff = { reason: input.reason?.trim() || null, requestedBy: input.requestedBy, at: deps.clock.now() };
  return deps.store.transaction((tx) => handOverIn(tx, deps, ctx, agent.id, conversation.id, handoff));
}

/** The move to people inside the caller's transaction (a chat's, when the model handed over). */
export async function handOverIn(
  tx: Pick<StoreRepositories, 'conversations' | 'events'>,
  deps: Pick<DomainDeps, 'clock' | 'ids'>,
  ctx: RequestContext,
  agentId: string,
  conversationId: string,
  handoff: HandoffRecord,
): Promise<ConversationRecord> {
  const result = await tx.conversations.setState(ctx.accountId, agentId, conversationId, 'people', handoff);
  if (!result) throw new AppError('CONVERSATION_NOT_FOUND', 'Conversation not found.');
  if (result.moved) await recordHandoffRequested(tx, deps, ctx, result.conversation, handoff);
  return result.conversation;
}

/** What the visitor is told after asking: soon, or (outside the team's hours) when. */
export const PERSON_SOON = 'A person will join soon.';

/** The widget's "Talk to a person": the visitor's own conversation, started now if they have not
 * written yet, goes to people. */
export async function requestVisitorHandoff(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'agents' | 'conversations' | 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  conversationUser: string,
): Promise<{ conversation: ConversationRecord; notice: string }> {
  const agent = await getAgent(deps, ctx, agentId);
  const at = deps.clock.now();
  await deps.store.conversations.insertOrGet({
    id: deps.ids.next('conv'),
    accountId: ctx.accountId,
    agentId: agent.id,
    userId: conversationUser,
    title: null,
    createdAt: at,
    updatedAt: at,
  });
  const conversation = await requestHandoff(deps, ctx, agent.id, conversationUser, {
    requestedBy: 'visitor',
    reason: 'The visitor asked for a person.',
  });
  return { conversation, notice: awayNotice(agent.handoffHours, deps.clock.now()) ?? PERSON_SOON };
}
