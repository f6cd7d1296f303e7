// Table shapes of the migrations after 0001_core (both engines).

// Migration 0003_webhooks.

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  description: string;
  event_types: string | null;
  secret: string;
  enabled: number;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  account_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  max_attempts: number;
  next_attempt_at: number | null;
  lease_token: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  endpoint_id: string;
  attempt: number;
  started_at: number;
  finished_at: number | null;
  status_code: number | null;
  error: string | null;
  latency_ms: number | null;
  response_body: string | null;
}

export interface CreditLowAlertsTable {
  account_id: string;
  refill_entry_id: string;
  sent_at: number;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  credit_low_alerts: CreditLowAlertsTable;
}

// Migration 0004_console_users.

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface ConsoleSessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
}

export interface SignInThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
  blocked_until: number | null;
}

export interface ConsoleTables {
  users: UsersTable;
  console_sessions: ConsoleSessionsTable;
  sign_in_throttle: SignInThrottleTable;
}

// Migration 0005_chat.

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

export interface ChatTables {
  conversations: ConversationsTable;
  messages: MessagesTable;
  tool_calls: ToolCallsTable;
}
