// The Chat Completions wire format: Colloquy's prompt as a request body, and a stream of
// `chat.completion.chunk` objects read back into the port's events.
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import {
  ChatModelError,
  type ChatModelEvent,
  type ChatModelRequest,
  type FinishReason,
  type ModelToolCall,
  type PromptMessage,
} from '../../ports/chat-model.ts';
import type { ClientTool } from '../../ports/agent-store.ts';

/** `max_tokens`, not `max_completion_tokens`: llama.cpp, Ollama, vLLM and LM Studio all read it, and
 * OpenAI still accepts it for its chat models (only its reasoning models insist on the new name). */
export function toChatCompletionBody(model: string, request: ChatModelRequest): ChatCompletionCreateParamsStreaming {
  return {
    model,
    messages: request.messages.map(toOpenAiMessage),
    ...(request.tools.length > 0 && { tools: request.tools.map(toOpenAiTool) }),
    max_tokens: request.maxTokens,
    stream: true,
  };
}

function toOpenAiMessage(message: PromptMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant':
      // Some servers reject an empty `tool_calls` array, so it is sent only when there are calls.
      if (message.toolCalls.length === 0) return { role: 'assistant', content: message.content ?? '' };
      return {
        role: 'assistant',
        content: message.content,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function toOpenAiTool(tool: ClientTool): ChatCompletionTool {
  return {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

export interface ChunkReader {
  /** The text fragments of one chunk; tool-call fragments are held until the end. */
  read(chunk: ChatCompletionChunk): string[];
  /** The events that close the answer: its tool calls (if any), then `finish`. */
  finish(nextCallId: () => string): ChatModelEvent[];
}

/** Assembles tool calls from their deltas by index: the first delta of a call carries its id and
 * name, the next ones fragments of its arguments. */
export function createChunkReader(): ChunkReader {
  const calls = new Map<number, { name: string; arguments: string }>();
  let finishReason: string | null = null;

  return {
    read(chunk) {
      if (typeof chunk !== 'object' || chunk === null || (chunk.choices !== undefined && !Array.isArray(chunk.choices)))
        throw invalid('a chunk is not a chat.completion.chunk');
      // One choice was asked for; usage-only and content-filter chunks carry none.
      const choice = chunk.choices?.[0];
      if (!choice) return [];
      if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
      const delta = choice.delta ?? {};
      for (const [position, fragment] of (delta.tool_calls ?? []).entries()) {
        const index = typeof fragment.index === 'number' ? fragment.index : position;
        const call = calls.get(index) ?? { name: '', arguments: '' };
        // The name comes whole in the call's first delta; a server that repeats it must not double it.
        if (!call.name && typeof fragment.function?.name === 'string') call.name = fragment.function.name;
        const args = fragment.function?.arguments;
        if (args !== undefined && args !== null && typeof args !== 'string')
          throw invalid('tool call arguments are not a string');
        call.arguments += args ?? '';
        calls.set(index, call);
      }
      if (delta.content === undefined || delta.content === null || delta.content === '') return [];
      if (typeof delta.content !== 'string') throw invalid('a content delta is not a string');
      return [delta.content];
    },
    finish(nextCallId) {
      if (finishReason === null) throw invalid('the stream ended before the model finished its answer');
      const assembled: ModelToolCall[] = [...calls.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, call]) => {
          if (!call.name) throw invalid('a tool call has no function name');
          return { id: nextCallId(), name: call.name, arguments: call.arguments };
        });
      const events: ChatModelEvent[] = [];
      if (assembled.length > 0) events.push({ type: 'tool_calls', calls: assembled });
      events.push({ type: 'finish', reason: assembled.length > 0 ? 'tool_calls' : toFinishReason(finishReason) });
      return events;
    },
  };
}

/** A `tool_calls` reason without calls, `function_call` and servers' own reasons (`eos`, …) read as stop. */
function toFinishReason(reason: string): FinishReason {
  return reason === 'length' || reason === 'content_filter' ? reason : 'stop';
}

function invalid(message: string): ChatModelError {
  return new ChatModelError('invalid-response', `the model endpoint sent an invalid stream: ${message}`);
}
