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
  /** Added by 0017_handoff_inbox: the team's hours as JSON, or null. */
  handoff_hours: string | null;
  /** Added by 0018_help_message: null for the default text. */
  help_message: string | null;
}

export interface AgentTables {
  agents: AgentsTable;
}
