// Any OpenAI-compatible Chat Completions endpoint (OpenAI, Azure, Ollama, vLLM, llama.cpp server,
// LM Studio), streamed through the official SDK.
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { Agent, fetch as undiciFetch } from 'undici';
import { ChatModelError, type ChatModel, type ChatModelEvent } from '../../ports/chat-model.ts';
import type { Ids } from '../../ports/ids.ts';
import { createChunkReader, toChatCompletionBody } from './openai-wire.ts';
import { createOpenAiClient, describeEndpoint, redactKey } from '../openai/openai-client.ts';

export interface OpenAiChatModelOptions {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  baseUrl: string;
  /** Null for servers that take no key: then no Authorization header is sent. */
  apiKey: string | null;
  /** The model name the endpoint knows. */
  model: string;
  /** Longest wait for the response headers, and between two chunks of the stream. */
  timeoutMs: number;
  ids: Ids;
}

/** Builds the SDK client once. The endpoint is the operator's, so it is not behind the SSRF guard. */
export function createOpenAiChatModel(options: OpenAiChatModelOptions): ChatModel {
  const endpoint = describeEndpoint(options.baseUrl);
  // Our idle timer owns every time limit: undici's own header and body time-outs (5 min) would cut
  // a longer configured timeoutMs short, and the SDK's would not cover the gaps between chunks.
  const dispatcher = new Agent({ headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 10_000 });
  // undici's own fetch, so the dispatcher and the fetch come from one undici (Node's bundled one is older).
  const client = createOpenAiClient(options, {
    fetch: undiciFetch as unknown as typeof fetch,
    fetchOptions: { dispatcher },
  });

  return {
    async *stream(request) {
      request.signal.throwIfAborted();
      const upstream = new AbortController();
      const forwardAbort = () => upstream.abort(request.signal.reason);
      request.signal.addEventListener('abort', forwardAbort, { once: true });
      const idle = idleTimer(options.timeoutMs, () => upstream.abort(new Error('model time-out')));
      // The SDK ends a stream quietly when its request is aborted, so after every step we ask why.
      const interruption = () =>
        request.signal.aborted ? request.signal.reason : idle.expired ? timeoutError(options, endpoint) : null;
      const throwIfInterrupted = () => {
        const reason = interruption();
        if (reason) throw reason;
      };
      try {
        idle.start();
        const chunks = await client.chat.completions.create(toChatCompletionBody(options.model, request), {
          signal: upstream.signal,
        });
        const reader = createChunkReader();
        for await (const chunk of chunks) {
          // The clock is paused while the consumer holds an event: it measures the model, not us.
          idle.stop();
          throwIfInterrupted();
          for (const text of reader.read(chunk)) yield { type: 'content', text } satisfies ChatModelEvent;
          idle.start();
        }
        idle.stop();
        throwIfInterrupted();
        yield* reader.finish(() => options.ids.next('call'));
      } catch (error) {
        throw interruption() ?? toChatModelError(error, endpoint, options.apiKey);
      } finally {
        idle.stop();
        request.signal.removeEventListener('abort', forwardAbort);
        upstream.abort();
      }
    },
  };
}

function idleTimer(ms: number, onExpiry: () => void) {
  let timer: NodeJS.Timeout | undefined;
  const state = {
    expired: false,
    start() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        state.expired = true;
        onExpiry();
      }, ms);
    },
    stop: () => clearTimeout(timer),
  };
  return state;
}

function timeoutError(options: OpenAiChatModelOptions, endpoint: string): ChatModelError {
  return new ChatModelError(
    'timeout',
    `the model ${options.model} at ${endpoint} sent nothing for ${options.timeoutMs} ms`,
  );
}

/** What went wrong, in words that never carry the key (the endpoint's own message may echo it). */
function toChatModelError(error: unknown, endpoint: string, apiKey: string | null): ChatModelError {
  if (error instanceof ChatModelError) return error;
  if (error instanceof APIConnectionTimeoutError)
    return new ChatModelError('timeout', `the model endpoint ${endpoint} did not answer in time`);
  if (error instanceof APIConnectionError)
    return new ChatModelError('unavailable', `the model endpoint ${endpoint} is unreachable (${rootCause(error)})`, {
      cause: error.cause,
    });
  if (error instanceof APIError) {
    const detail = upstreamMessage(error, apiKey);
    if (error.status === undefined)
      return new ChatModelError('rejected', `the model endpoint ${endpoint} reported an error in its stream${detail}`);
    return new ChatModelError('rejected', `the model endpoint ${endpoint} answered ${error.status}${detail}`, {
      status: error.status,
    });
  }
  if (error instanceof SyntaxError)
    return new ChatModelError('invalid-response', `the model endpoint ${endpoint} sent a malformed stream`);
  return new ChatModelError(
    'unavailable',
    `the connection to the model endpoint ${endpoint} broke (${rootCause(error)})`,
    { cause: error },
  );
}

function upstreamMessage(error: APIError, apiKey: string | null): string {
  const body = error.error as { message?: unknown } | undefined;
  if (typeof body?.message !== 'string' || body.message === '') return '';
  return `: ${redactKey(body.message, apiKey).slice(0, 300)}`;
}

/** The innermost cause's code or message, e.g. ECONNREFUSED or "other side closed". */
function rootCause(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  if (!(current instanceof Error)) return String(current);
  return (current as { code?: string }).code ?? current.message;
}
