// The chat model port: one streaming call to a model, whatever serves it (an OpenAI-compatible
// endpoint, or the built-in extractive answerer). The domain builds the prompt; a model only runs it.
import type { ClientTool } from './agent-store.ts';

export interface ModelToolCall {
  /** Colloquy's own id for the call (`call_…`), unique across all conversations. */
  id: string;
  name: string;
  /** The arguments as the model wrote them: a JSON text, not checked against the schema. */
  arguments: string;
}

export type PromptMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls: ModelToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

/** A passage retrieval found for the latest user message; the system prompt already quotes it. */
export interface GroundingPassage {
  content: string;
  title: string;
  score: number;
  /** The passage's sentences that best answer the question, for a model that quotes them. */
  excerpt?: string;
}

export interface ChatModelRequest {
  messages: PromptMessage[];
  /** The agent's client tools; empty when it has none. */
  tools: ClientTool[];
  /** Best first. A model that does not generate (the extractive one) answers from these alone. */
  passages: GroundingPassage[];
  /** Upper bound on the reply's tokens. */
  maxTokens: number;
  /** Fires when the client goes away: the provider must stop its upstream call. */
  signal: AbortSignal;
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/** A model's answer as it arrives: text fragments, then at most one batch of complete tool calls
 * (ids already Colloquy's own), then exactly one `finish`. */
export type ChatModelEvent =
  | { type: 'content'; text: string }
  | { type: 'tool_calls'; calls: ModelToolCall[] }
  | { type: 'finish'; reason: FinishReason };

export interface ChatModel {
  /** True for a model that answers by quoting (the extractive one): retrieval then picks, for
   * each passage, the sentences that best answer the question (`GroundingPassage.excerpt`). */
  readonly quotesExcerpts?: boolean;
  stream(request: ChatModelRequest): AsyncIterable<ChatModelEvent>;
}

export type ChatModelFailure = 'timeout' | 'unavailable' | 'rejected' | 'invalid-response';

/** The model could not answer: unreachable, timed out, refused the request (4xx/5xx) or sent
 * something that is not a Chat Completions stream. Becomes 500 UNKNOWN_ERROR (refunded). */
export class ChatModelError extends Error {
  override name = 'ChatModelError';
  readonly failure: ChatModelFailure;
  readonly status: number | null;

  constructor(failure: ChatModelFailure, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.failure = failure;
    this.status = options.status ?? null;
  }
}

/** The catalog's models as this server can run them. */
export interface ChatModels {
  /** Undefined when the catalog has no such model, or it cannot run here (its key variable is unset). */
  get(modelId: string): ChatModel | undefined;
  /** Settings the domain needs to budget a prompt for the model. */
  limits(modelId: string): { maxTokens: number; contextTokens: number } | undefined;
}
