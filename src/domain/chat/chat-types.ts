// What a chat takes, tells as it goes, and answers: the shapes the HTTP doors and the domain share.
import type { DomainDeps } from '../context.ts';
import type { ClientTool } from '../../ports/agent-store.ts';
import type { Store } from '../../ports/store.ts';
import type { MessageRecord } from '../../ports/conversation-store.ts';
import type { FinishReason } from '../../ports/chat-model.ts';
import type { ToolResult } from './tool-results.ts';
import type { PublicToolCall } from './message-view.ts';
import type { Citation } from './citations.ts';

export interface ChatInput {
  message?: string;
  /** The end user's persistent conversation; when present, conversationId is ignored. */
  userId?: string;
  conversationId?: string;
  toolResults?: ToolResult[];
  /** A stateless caller's own transcript (the OpenAI-compatible door), oldest first: it replaces the
   * stored history, its tool calls carry their outputs, and the reply starts a new conversation. */
  transcript?: MessageRecord[];
  /** Tools the caller defines for this reply only, in place of the agent's client tools. */
  tools?: ClientTool[];
  /** Asks for the reply's citations (the passages that grounded it). */
  citations?: boolean;
}

/** Hears the reply as it is made (the SSE stream); a JSON reply needs none of it. */
export interface ChatListener {
  /** Once, before the first part of the reply: the ids it will be stored under, and `handoff` when
   * the conversation is with people (the reply is then a notice, not the model's). */
  onStart?(ids: { conversationId: string; messageId: string | null; handoff?: ChatHandoff }): void;
  onContent?(text: string): void;
  onToolCalls?(calls: PublicToolCall[]): void;
}

/** Told with a reply the model did not write: the conversation is with people, who answer it. */
export interface ChatHandoff {
  state: 'people';
  /** Only when the message was held for people: the stored user message (the reply has no message of
   * its own, so nothing to rate); GET …/stream?after= takes it. */
  heldMessageId?: string;
}

export interface ChatReply {
  conversationId: string;
  /** The stored assistant message, the one feedback rates; null when the message was held for people:
   * the reply is then a notice that is not stored, and SPEC's feedback answers 404 for any other id. */
  messageId: string | null;
  userId: string | null;
  content: string;
  toolCalls: PublicToolCall[];
  finishReason: FinishReason;
  credits: number;
  /** The prompt the model was given and the reply, in tokens as the prompt's budget counts them
   * (gpt-tokenizer): the OpenAI-compatible door's `usage`. */
  tokens: { prompt: number; completion: number };
  /** Only when the input asked for them. */
  citations?: Citation[];
  /** Only when the conversation is with people: the message was stored for them and the model not
   * called, or the model handed the conversation over with its built-in tool. */
  handoff?: ChatHandoff;
}

/** What a chat reads and writes. */
export type ChatDeps = Pick<
  DomainDeps,
  'clock' | 'ids' | 'catalog' | 'chatModels' | 'moderator' | 'embedder' | 'passageIndex'
> & {
  store: Pick<
    Store,
    'accounts' | 'agents' | 'chunks' | 'conversations' | 'keys' | 'messages' | 'sources' | 'toolCalls' | 'transaction'
  >;
};
