import type { KnowledgeChangesTable } from './knowledge-changes-schema.ts';
import type { WidgetSecretsTable } from './widget-schema.ts';
import type { WidgetRefusalsTable } from './widget-refusal-schema.ts';
import type { InsightTables } from './insights-schema.ts';
import type { SitesTable } from './site-schema.ts';
import type { EvaluationTables } from './evaluation-schema.ts';
// Table shapes shared by the SQLite and PostgreSQL adapters. Every integer column is BIGINT on
// PostgreSQL (parsed to a JS number: values stay far below 2^53) and INTEGER on SQLite.
import type { ChatTables, ConsoleTables, WebhookTables } from './added-tables.ts';

export interface AccountsTable {
  id: string;
  name: string;
  plan: string;
  credit_balance: number;
  last_refill_amount: number | null;
  last_refill_at: number | null;
  created_at: number;
  /** Added by 0006_allowance_renewal. */
  next_allowance_at: number | null;
}

export interface MembersTable {
  id: string;
  account_id: string;
  email: string;
  role: string;
  created_at: number;
}

export interface AgentsTable {
  id: string;
  account_id: string;
  name: string;
  model: string;
  instructions: string;
  usage: number;
  storage_used: number;
  knowledge_version: number;
  /** When storage was last reserved (the database's clock, ms): a recount leaves an agent alone
   * while work that reserved may still be running. */
  storage_reserved_at: number;
  tools: string;
  created_at: number;
  updated_at: number;
  /** Added by 0016_handoff: 1 when a visitor asking for a person hands the conversation over. */
  handoff_enabled: number;
  /** Added by 0017_help_message: null for the default text. */
  help_message: string | null;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  allowed_agent_ids: string | null;
  allowed_ips: string | null;
  kind: string;
  allowed_origins: string | null;
  expires_at: number | null;
  quota: number | null;
  usage_total: number;
  last_used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface CreditEntriesTable {
  id: string;
  account_id: string;
  kind: string;
  amount: number;
  balance_after: number;
  agent_id: string | null;
  key_id: string | null;
  description: string | null;
  created_at: number;
}

export interface EventsTable {
  id: string;
  account_id: string;
  type: string;
  data: string;
  created_at: number;
  /** Outbox mark: null until the event has been fanned out to webhook deliveries. */
  dispatched_at: number | null;
}

export interface SourcesTable {
  id: string;
  account_id: string;
  agent_id: string;
  type: string;
  title: string;
  content: string | null;
  url: string | null;
  size: number | null;
  storage: number;
  created_at: number;
  /** Added by 0008_sites. */
  content_hash: string | null;
  site_id: string | null;
  etag: string | null;
  last_modified: string | null;
  /** JSON array of the page's same-site links (a re-sync follows them when the page answers 304). */
  links: string | null;
}

export interface ChunksTable {
  id: string;
  source_id: string;
  agent_id: string;
  ordinal: number;
  content: string;
  heading: string | null;
  page: number | null;
  terms: string;
  /** Float32 little-endian. */
  embedding: Uint8Array;
  embedding_model: string;
  embedding_dim: number;
}

export interface Database extends WebhookTables, ConsoleTables, ChatTables, InsightTables, EvaluationTables {
  sources: SourcesTable;
  sites: SitesTable;
  knowledge_changes: KnowledgeChangesTable;
  chunks: ChunksTable;
  accounts: AccountsTable;
  members: MembersTable;
  agents: AgentsTable;
  api_keys: ApiKeysTable;
  widget_secrets: WidgetSecretsTable;
  widget_refusals: WidgetRefusalsTable;
  credit_entries: CreditEntriesTable;
  events: EventsTable;
}
