import type { StoreRepositories } from '../../ports/store.ts';
import type { ConversationRecord, ToolCallRecord } from '../../ports/conversation-store.ts';
import { AppError } from '../errors.ts';

export interface ToolResult {
  toolCallId: string;
  output: string;
}

/**
 * The tool-call rules of a chat request, checked before any work:
 * - results may only answer calls of this conversation (404 TOOL_CALL_NOT_FOUND) that are still
 *   pending (409 TOOL_CALL_ALREADY_EXECUTED, or TOOL_CALL_ALREADY_CANCELED for a canceled one);
 * - a request must leave no call pending: results come for every waiting call at once, and a new
 *   message waits until they have (409 PENDING_TOOL_CALLS with `error.ids`).
 * Returns the outputs by call id.
 */
export async function checkToolResults(
  store: Pick<StoreRepositories, 'toolCalls'>,
  accountId: string,
  conversation: ConversationRecord | undefined,
  results: ToolResult[],
): Promise<Map<string, string>> {
  const outputs = new Map<string, string>();
  for (const result of results) {
    const call = conversation && (await store.toolCalls.get(accountId, conversation.id, result.toolCallId));
    if (!call)
      throw new AppError('TOOL_CALL_NOT_FOUND', `Tool call ${result.toolCallId} not found in this conversation.`);
    if (call.status !== 'pending') throw settledError(call);
    outputs.set(call.id, result.output);
  }
  const waiting = conversation
    ? (await store.toolCalls.pending(accountId, conversation.id)).filter((call) => !outputs.has(call.id))
    : [];
  if (waiting.length > 0) {
    const ids = waiting.map((call) => call.id);
    const message =
      results.length > 0
        ? 'Send results for every pending tool call in one request, or cancel the ones you will not run.'
        : 'The conversation has tool calls waiting for results.';
    throw new AppError('PENDING_TOOL_CALLS', message, { ids });
  }
  return outputs;
}

/** Why a result can no longer answer the call: it has one already, or it was canceled. */
function settledError(call: ToolCallRecord): AppError {
  return call.status === 'canceled'
    ? new AppError('TOOL_CALL_ALREADY_CANCELED', `Tool call ${call.id} was canceled.`, { ids: [call.id] })
    : new AppError('TOOL_CALL_ALREADY_EXECUTED', `Tool call ${call.id} already has a result.`, { ids: [call.id] });
}

/** Stores the results inside the reply's transaction; a call settled meanwhile by another request
 * rolls the whole reply back, refused with what the call became (another result, or a cancel). */
export async function settleToolResults(
  tx: Pick<StoreRepositories, 'toolCalls'>,
  accountId: string,
  conversationId: string,
  outputs: ReadonlyMap<string, string>,
  at: number,
): Promise<void> {
  for (const [id, output] of outputs) {
    if (await tx.toolCalls.settle(accountId, conversationId, id, 'completed', output, at)) continue;
    const call = await tx.toolCalls.get(accountId, conversationId, id);
    if (!call) throw new AppError('TOOL_CALL_NOT_FOUND', `Tool call ${id} not found in this conversation.`);
    throw settledError(call);
  }
}
