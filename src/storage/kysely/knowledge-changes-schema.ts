// Migration 0010_knowledge_changes, the same on both engines: one row per knowledge
// version of an agent, written in the transaction that bumps the version, so a process holding an
// older index applies only what changed (see src/search-index/update-agent-index.ts).
export const KNOWLEDGE_CHANGES_SCHEMA: string[] = [
  `CREATE TABLE knowledge_changes (
    agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    kind TEXT NOT NULL,
    source_id TEXT,
    PRIMARY KEY (agent_id, version)
  )`,
];

export interface KnowledgeChangesTable {
  agent_id: string;
  version: number;
  /** 'add' or 'delete' of `source_id`'s passages; 'reset' when vectors changed in place. */
  kind: string;
  source_id: string | null;
}
