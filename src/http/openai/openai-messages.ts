// An OpenAI Chat Completions request in the chat domain's terms: the caller's messages become a
// transcript (the chat domain's history) and the new turn (a user message, or the tool results that
// end the transcript); the caller's tool definitions become client tools for this reply.
import type { MessageRecord, ToolCallRecord } from '../../ports/conversation-store.ts';
import type { ClientTool } from '../../ports/agent-store.ts';
import { invalidBody } from '../../domain/errors.ts';

export type OpenAiContent = string | null | Array<{ type: string; text?: string }>;

export interface OpenAiMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: OpenAiContent;
  tool_calls?: Array<{ id: string; type?: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface OpenAiTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/** Text parts only: this door grounds text answers; images and audio are refused, not dropped. */
function textOf(content: OpenAiContent | undefined, index: number): string | null {
  if (content === undefined || content === null) return null;
  if (typeof content === 'string') return content;
  const texts = content.map((part) => {
    if (part.type !== 'text' || typeof part.text !== 'string')
      throw invalidBody({ [`messages.${index}.content`]: ['only text parts are accepted'] });
    return part.text;
  });
  return texts.join('');
}

function record(
  index: number,
  role: 'user' | 'assistant',
  content: string | null,
  toolCalls: ToolCallRecord[] = [],
): MessageRecord {
  return {
    id: `msg_caller_${index}`,
    conversationId: '',
    role,
    content,
    seq: index,
    finishReason: null,
    credits: 0,
    feedback: null,
    toolCalls,
    createdAt: 0,
    authorName: null,
  };
}

function toolCallsOf(message: OpenAiMessage, index: number): ToolCallRecord[] {
  return (message.tool_calls ?? []).map((call, ordinal) => ({
    id: call.id,
    messageId: `msg_caller_${index}`,
    conversationId: '',
    ordinal,
    name: call.function.name,
    arguments: call.function.arguments,
    // A call the caller never answered is told to the model as canceled.
    status: 'canceled',
    output: null,
    updatedAt: 0,
  }));
}

/**
 * Splits the caller's messages into the transcript and the new user message (null when the
 * messages end with tool results). System and developer messages are left out: the agent's own
 * instructions are its system prompt, whoever holds the key.
 */
export function toChatTurn(messages: OpenAiMessage[]): { transcript: MessageRecord[]; message: string | null } {
  const transcript: MessageRecord[] = [];
  const calls = new Map<string, ToolCallRecord>();
  messages.forEach((message, index) => {
    const content = textOf(message.content, index);
    if (message.role === 'user') transcript.push(record(index, 'user', content ?? ''));
    if (message.role === 'assistant') {
      const toolCalls = toolCallsOf(message, index);
      for (const call of toolCalls) calls.set(call.id, call);
      transcript.push(record(index, 'assistant', content, toolCalls));
    }
    if (message.role === 'tool') {
      const call = calls.get(message.tool_call_id ?? '');
      if (!call)
        throw invalidBody({
          [`messages.${index}.tool_call_id`]: ['must name a tool call of an earlier assistant message'],
        });
      Object.assign(call, { status: 'completed', output: content ?? '' });
    }
  });
  const last = messages.at(-1);
  if (last?.role === 'tool') return { transcript, message: null };
  const final = transcript.at(-1);
  if (last?.role !== 'user' || !final || !final.content?.trim())
    throw invalidBody({ messages: ['must end with a user message that has text, or with tool results'] });
  return { transcript: transcript.slice(0, -1), message: final.content };
}

/** The caller's function tools as client tools; `tool_choice: "none"` means none for this reply. */
export function toClientTools(tools: OpenAiTool[] | undefined, toolChoice: unknown): ClientTool[] | undefined {
  if (toolChoice === 'none') return [];
  if (!tools || tools.length === 0) return undefined;
  return tools.map(({ function: fn }) => ({
    name: fn.name,
    description: fn.description ?? '',
    parameters: fn.parameters ?? { type: 'object', properties: {} },
  }));
}
