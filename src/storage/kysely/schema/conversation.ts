// Conversations, their messages and the client tool calls of assistant messages.

export interface ConversationsTable {
  id: string;
  account_id: string;
  agent_id: string;
  user_id: string | null;
  title: string | null;
  last_seq: number;
  created_at: number;
  updated_at: number;
  /** Added by 0016_handoff: `agent` or `people`, and the latest handover's reason, requester, time. */
  handoff_state: string;
  handoff_reason: string | null;
  handoff_by: string | null;
  handoff_at: number | null;
  /** Added by 0017_handoff_inbox: the console member (email) a conversation with people is assigned to. */
  handoff_assignee: string | null;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  agent_id: string;
  account_id: string;
  role: string;
  content: string | null;
  seq: number;
  finish_reason: string | null;
  credits: number;
  feedback_rating: string | null;
  feedback_comment: string | null;
  feedback_at: number | null;
  created_at: number;
  /** Added by 0016_handoff: the person who wrote an assistant message; null for the model's. */
  author_name: string | null;
  /** Added by 0017_handoff_inbox: JSON [{sourceId, type, title}] an agent's answer was grounded on. */
  sources: string | null;
}

export interface ToolCallsTable {
  id: string;
  message_id: string;
  conversation_id: string;
  agent_id: string;
  account_id: string;
  ordinal: number;
  name: string;
  arguments: string;
  status: string;
  output: string | null;
  updated_at: number;
}

export interface ConversationTables {
  conversations: ConversationsTable;
  messages: MessagesTable;
  tool_calls: ToolCallsTable;
}
