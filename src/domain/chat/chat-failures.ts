// A chat that failed: what the caller is told, and the chat.failed event a key's account receives.
import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { Store } from '../../ports/store.ts';
import { ChatModelError } from '../../ports/chat-model.ts';
import { isServiceUnavailable } from '../../ports/unavailable.ts';
import { AppError, isAppError } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';

/** SPEC §6's fields of chat.completed and chat.failed: the key's name, never the key. */
export function chatEventData(
  agent: AgentRecord,
  conversationId: string | null,
  userId: string | null,
  credits: number,
  keyName: string,
): Record<string, unknown> {
  return { agent: { id: agent.id }, conversationId, userId, credits, apiKey: keyName };
}

/** What the caller is told: the model's own failure becomes 500 UNKNOWN_ERROR with the refund
 * (nothing was taken) stated; an abort stays an abort. */
export function asChatFailure(error: unknown): unknown {
  if (error instanceof ChatModelError) {
    const failure = new AppError(
      'UNKNOWN_ERROR',
      `The model could not answer (${error.failure}${error.status ? `, status ${error.status}` : ''}). Nothing was charged.`,
      { usage: { credits: 0 } },
    );
    return Object.assign(failure, { cause: error }); // logged with the 500
  }
  return error;
}

export async function recordChatFailed(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  agent: AgentRecord,
  conversationId: string | null,
  userId: string | null,
  failure: unknown,
): Promise<void> {
  if (!ctx.key) return;
  const code = isAppError(failure)
    ? failure.code
    : isServiceUnavailable(failure)
      ? 'SERVICE_UNAVAILABLE'
      : 'UNKNOWN_ERROR';
  const data = { ...chatEventData(agent, conversationId, userId, 0, ctx.key.name), error: { code } };
  // Best effort: failing to record the failure must not hide the failure itself.
  await deps.store
    .transaction((tx) => recordEvent(tx, deps, ctx.accountId, 'chat.failed', data))
    .catch(() => undefined);
}
