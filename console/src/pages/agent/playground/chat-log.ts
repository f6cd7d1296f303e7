// The playground's transcript as data, and how each chat frame changes it. A pure reducer, so the
// streaming code only dispatches what arrived.
import type { ChatFrame, ToolCall, ToolCallStatus } from '../../../api/agent-types.ts';
import { ApiError } from '../../../api/client.ts';
import { failureOf } from '../../../components/agent/stream-failure.ts';

export type AssistantState = 'streaming' | 'done' | 'stopped' | 'failed';

export type Entry =
  | { kind: 'user'; id: string; text: string }
  | { kind: 'tool-results'; id: string; results: Array<{ name: string; output: string }> }
  | {
      kind: 'assistant';
      id: string;
      content: string;
      toolCalls: ToolCall[];
      state: AssistantState;
      /** The tool calls this request sends results for: completed once the reply is stored. */
      answers: string[];
      finishReason?: string;
      credits?: number;
      error?: unknown;
    };

export type AssistantEntry = Extract<Entry, { kind: 'assistant' }>;

export interface ChatLog {
  entries: Entry[];
  /** Set by the stream's first frame; later requests continue this conversation. */
  conversationId?: string;
}

export type ChatAction =
  | { type: 'start'; entries: Entry[] }
  | { type: 'frame'; id: string; frame: ChatFrame }
  | { type: 'ended'; id: string }
  | { type: 'stopped'; id: string }
  | { type: 'failed'; id: string; error: unknown }
  | { type: 'tool-status'; callId: string; status: ToolCallStatus }
  | { type: 'reset' };

export const EMPTY_LOG: ChatLog = { entries: [] };

/** A repeated tool call (same id) replaces the one before; new ones are appended. */
function mergeToolCalls(known: ToolCall[], arrived: ToolCall[]): ToolCall[] {
  const merged = [...known];
  for (const call of arrived) {
    const index = merged.findIndex((candidate) => candidate.id === call.id);
    if (index >= 0) merged[index] = call;
    else merged.push(call);
  }
  return merged;
}

function applyFrame(entry: AssistantEntry, frame: ChatFrame): AssistantEntry {
  // A failed reply was not stored, so neither were its tool calls: there is nothing to answer.
  if (frame.success === false)
    return { ...entry, state: 'failed', toolCalls: [], error: failureOf(frame as Record<string, unknown>) };
  let next = entry;
  const content = frame.delta?.reply?.content;
  if (content) next = { ...next, content: next.content + content };
  if (frame.delta?.tool_calls) next = { ...next, toolCalls: mergeToolCalls(next.toolCalls, frame.delta.tool_calls) };
  if (frame.delta?.finish_reason)
    next = { ...next, state: 'done', finishReason: frame.delta.finish_reason, credits: frame.usage?.credits };
  return next;
}

function updateAssistant(log: ChatLog, id: string, change: (entry: AssistantEntry) => AssistantEntry): ChatLog {
  return {
    ...log,
    entries: log.entries.map((entry) => (entry.kind === 'assistant' && entry.id === id ? change(entry) : entry)),
  };
}

function setToolStatus(log: ChatLog, callId: string, status: ToolCallStatus): ChatLog {
  return {
    ...log,
    entries: log.entries.map((entry) =>
      entry.kind === 'assistant' && entry.toolCalls.some((call) => call.id === callId)
        ? { ...entry, toolCalls: entry.toolCalls.map((call) => (call.id === callId ? { ...call, status } : call)) }
        : entry,
    ),
  };
}

export function chatReducer(log: ChatLog, action: ChatAction): ChatLog {
  switch (action.type) {
    case 'start':
      return { ...log, entries: [...log.entries, ...action.entries] };
    case 'frame': {
      let updated = updateAssistant(log, action.id, (entry) => applyFrame(entry, action.frame));
      if (action.frame.conversationId) updated = { ...updated, conversationId: action.frame.conversationId };
      // The server settles tool results with the reply, in one transaction: only a finished reply
      // completes them; a failed or stopped one leaves them pending, to send again or cancel.
      const entry = updated.entries.find((candidate) => candidate.id === action.id);
      if (entry?.kind === 'assistant' && entry.state === 'done')
        for (const callId of entry.answers) updated = setToolStatus(updated, callId, 'completed');
      return updated;
    }
    case 'ended':
      // A stream that closed without its final frame did not finish the reply.
      return updateAssistant(log, action.id, (entry) =>
        entry.state === 'streaming'
          ? {
              ...entry,
              state: 'failed',
              toolCalls: [],
              error: new ApiError(0, 'NETWORK_ERROR', 'The stream ended before the reply was complete.'),
            }
          : entry,
      );
    case 'stopped':
      // Stopping ends the model call before the reply is stored: its tool calls never existed.
      return updateAssistant(log, action.id, (entry) =>
        entry.state === 'streaming' ? { ...entry, state: 'stopped', toolCalls: [] } : entry,
      );
    case 'failed':
      return updateAssistant(log, action.id, (entry) => ({
        ...entry,
        state: 'failed',
        toolCalls: [],
        error: action.error,
      }));
    case 'tool-status':
      return setToolStatus(log, action.callId, action.status);
    case 'reset':
      return EMPTY_LOG;
  }
}

export function pendingToolCalls(log: ChatLog): ToolCall[] {
  return log.entries.flatMap((entry) =>
    entry.kind === 'assistant' ? entry.toolCalls.filter((call) => call.status === 'pending') : [],
  );
}

export function isStreaming(log: ChatLog): boolean {
  return log.entries.some((entry) => entry.kind === 'assistant' && entry.state === 'streaming');
}

/** A transcript kept while its tab was closed: a reply that was streaming then was stopped. */
export function interruptedStreamsStopped(log: ChatLog): ChatLog {
  return {
    ...log,
    entries: log.entries.map((entry) =>
      entry.kind === 'assistant' && entry.state === 'streaming' ? { ...entry, state: 'stopped', toolCalls: [] } : entry,
    ),
  };
}
