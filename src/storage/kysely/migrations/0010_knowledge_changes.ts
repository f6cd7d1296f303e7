// The same on both engines: one row per knowledge version of an agent, written in the transaction
// that bumps the version, so a process holding an older index applies only what changed (see
// src/search-index/update-agent-index.ts). Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const KNOWLEDGE_CHANGES: string[] = [
  `CREATE TABLE knowledge_changes (
    agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    kind TEXT NOT NULL,
    source_id TEXT,
    PRIMARY KEY (agent_id, version)
  )`,
];

export const m0010KnowledgeChanges: ShippedMigration = {
  sqlite: { name: '0010_knowledge_changes', statements: KNOWLEDGE_CHANGES },
  postgres: { name: '0010_knowledge_changes', statements: KNOWLEDGE_CHANGES },
};
