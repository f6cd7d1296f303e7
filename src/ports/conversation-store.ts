// Conversations, their messages and the client tool calls of assistant messages. Every table
// references its agent ON DELETE CASCADE, so deleting an agent removes all of it.
import type { Page, PageRequest } from './page.ts';

/** `completed`: the client sent the call's result; `canceled`: the client canceled it. */
export const TOOL_CALL_STATUSES = ['pending', 'completed', 'canceled'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

/** Who answers the conversation: the agent's model, or the account's people (a handoff). */
export const CONVERSATION_STATES = ['agent', 'people'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];

/** Who moved a conversation to people: an API client, the visitor (the widget's menu, or their own
 * words), a console member, or the agent's model through its built-in tool. */
export const HANDOFF_REQUESTERS = ['api', 'visitor', 'console', 'agent'] as const;
export type HandoffRequester = (typeof HANDOFF_REQUESTERS)[number];

/** The latest move to people. */
export interface HandoffRecord {
  reason: string | null;
  requestedBy: HandoffRequester;
  at: number;
}

export interface ConversationRecord {
  id: string;
  accountId: string;
  agentId: string;
  /** The end user of a persistent conversation; null for one addressed by id alone. */
  userId: string | null;
  /** The first user message, shortened; null until a message is stored. */
  title: string | null;
  messageCount: number;
  createdAt: number;
  /** Time of the latest stored message (creation time until then). */
  updatedAt: number;
  state: ConversationState;
  /** The latest handover to people; kept after it is resolved, null before the first. */
  handoff: HandoffRecord | null;
  /** The console member (email) answering it; cleared by each new handover. */
  assignee: string | null;
}

/** What a new conversation is stored with: it starts with the agent. */
export type NewConversation = Omit<ConversationRecord, 'messageCount' | 'state' | 'handoff' | 'assignee'>;

export interface ToolCallRecord {
  /** Colloquy's id (`call_…`), unique across conversations. */
  id: string;
  messageId: string;
  conversationId: string;
  /** Order within its message. */
  ordinal: number;
  name: string;
  arguments: string;
  status: ToolCallStatus;
  /** What the client's tool returned (status completed); null otherwise. */
  output: string | null;
  updatedAt: number;
}

export interface FeedbackRecord {
  rating: 'up' | 'down';
  comment: string | null;
  createdAt: number;
}

export type MessageRole = 'user' | 'assistant';

export interface MessageRecord {
  id: string;
  conversationId: string;
  role: MessageRole;
  /** Null for an assistant message that only calls tools. */
  content: string | null;
  /** Position in the conversation: grows by one per stored message, never reused. */
  seq: number;
  /** Assistant messages: the model's finish reason (stop, length, tool_calls, content_filter). */
  finishReason: string | null;
  /** Assistant messages: millicredits charged for the reply; 0 for user messages. */
  credits: number;
  feedback: FeedbackRecord | null;
  toolCalls: ToolCallRecord[];
  createdAt: number;
  /** An assistant message written by a person (a handoff's reply): their name; null otherwise. */
  authorName: string | null;
  /** An agent's answer: the sources of the passages it was given, best first; absent otherwise. */
  sources?: MessageSource[];
}

export interface MessageSource {
  sourceId: string;
  type: string;
  title: string;
}

/** A message to append; seq is assigned by the store. */
export type NewMessage = Omit<MessageRecord, 'seq' | 'feedback' | 'toolCalls' | 'conversationId' | 'authorName'> & {
  toolCalls: Array<Pick<ToolCallRecord, 'id' | 'name' | 'arguments'>>;
  authorName?: string | null;
  sources?: MessageSource[];
};

export interface ConversationStore {
  get(accountId: string, agentId: string, conversationId: string): Promise<ConversationRecord | undefined>;
  findByUser(accountId: string, agentId: string, userId: string): Promise<ConversationRecord | undefined>;
  /** Inserts the conversation; when it has a userId the agent already uses, inserts nothing
   * (the race of two first messages) and returns the conversation that holds it. */
  insertOrGet(conversation: NewConversation): Promise<ConversationRecord>;
  /** Most recently active first (updatedAt, then id, descending), with the count of the whole list. */
  /** `withMessages`: only conversations holding a message (one whose first reply failed holds none). */
  list(
    accountId: string,
    agentId: string,
    page: PageRequest,
    options?: { withMessages?: boolean },
  ): Promise<Page<ConversationRecord>>;
  /** Removes the conversation with all its messages and tool calls; the number of messages removed,
   * or undefined when there was no such conversation. */
  delete(accountId: string, agentId: string, conversationId: string): Promise<number | undefined>;
  /** Appends messages in order after the conversation's last (seq, message count), sets its
   * updatedAt to `at`, and its title when it has none yet. */
  appendMessages(
    accountId: string,
    conversationId: string,
    messages: NewMessage[],
    at: number,
    title: string | null,
  ): Promise<MessageRecord[]>;
  /** Moves the conversation to `state` unless it is there already (one conditional UPDATE, so of
   * two concurrent moves one wins); a move to people records `handoff`. The conversation after,
   * and whether this call moved it; undefined when there is no such conversation. */
  setState(
    accountId: string,
    agentId: string,
    conversationId: string,
    state: ConversationState,
    handoff: HandoffRecord | null,
  ): Promise<{ conversation: ConversationRecord; moved: boolean } | undefined>;
  /** Assigns a conversation with people to a member (null: to no one). Undefined when there is no
   * such conversation; `assigned` false when it is with the agent (nothing changed). */
  assign(
    accountId: string,
    agentId: string,
    conversationId: string,
    assignee: string | null,
  ): Promise<{ conversation: ConversationRecord; assigned: boolean } | undefined>;
  /** Per conversation: the user's messages since its latest handover and since a person's latest reply. */
  unreadCounts(accountId: string, conversationIds: readonly string[]): Promise<Map<string, number>>;
  /** The account's conversations with people, most recently active first (the console's inbox). */
  listWithPeople(
    accountId: string,
    page: PageRequest,
    onlyAgentIds?: readonly string[],
  ): Promise<Page<ConversationRecord>>;
}

export interface MessageStore {
  /** Newest first (seq descending), tool calls included, with the count of the whole list. */
  list(accountId: string, conversationId: string, page: PageRequest): Promise<Page<MessageRecord>>;
  /** The latest `limit` messages, oldest first, tool calls included (the prompt's history). */
  recent(accountId: string, conversationId: string, limit: number): Promise<MessageRecord[]>;
  get(accountId: string, conversationId: string, messageId: string): Promise<MessageRecord | undefined>;
  /** Messages stored after `seq`, oldest first, at most `limit` (a stream following the conversation). */
  after(accountId: string, conversationId: string, seq: number, limit: number): Promise<MessageRecord[]>;
  /** Removes the message, and with `andLater` every message after it in the conversation (its
   * tool calls go with it); returns how many messages were removed (0 when there was none). */
  delete(accountId: string, conversationId: string, messageId: string, andLater: boolean): Promise<number>;
  /** Replaces the feedback of an assistant message; false when no assistant message has this id. */
  setFeedback(accountId: string, conversationId: string, messageId: string, feedback: FeedbackRecord): Promise<boolean>;
}

export interface ToolCallStore {
  /** The conversation's calls still waiting, oldest first. */
  pending(accountId: string, conversationId: string): Promise<ToolCallRecord[]>;
  get(accountId: string, conversationId: string, toolCallId: string): Promise<ToolCallRecord | undefined>;
  /** Moves a pending call to `completed` (with its output) or `canceled`, atomically; false when
   * the call was not pending any more (another request settled it first). */
  settle(
    accountId: string,
    conversationId: string,
    toolCallId: string,
    status: 'completed' | 'canceled',
    output: string | null,
    at: number,
  ): Promise<boolean>;
}
