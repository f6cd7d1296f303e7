// The knowledge tables (sources and their chunks) in SQL both engines accept, but for the
// vector column's type: BLOB on SQLite, BYTEA on PostgreSQL. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

function knowledge(binaryType: 'BLOB' | 'BYTEA'): string[] {
  return [
    `ALTER TABLE agents ADD COLUMN knowledge_version BIGINT NOT NULL DEFAULT 0`,
    `CREATE TABLE sources (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      title TEXT NOT NULL,
      content TEXT,
      url TEXT,
      size BIGINT,
      storage BIGINT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    `CREATE INDEX sources_by_agent ON sources (agent_id, created_at, id)`,
    // A page is held once per agent, so a repeat crawl adds only new pages.
    `CREATE UNIQUE INDEX sources_page_once ON sources (agent_id, url) WHERE url IS NOT NULL`,
    `CREATE TABLE chunks (
      id TEXT PRIMARY KEY,
      source_id TEXT NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
      agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
      ordinal INTEGER NOT NULL,
      content TEXT NOT NULL,
      heading TEXT,
      page INTEGER,
      terms TEXT NOT NULL,
      embedding ${binaryType} NOT NULL,
      embedding_model TEXT NOT NULL,
      embedding_dim INTEGER NOT NULL
    )`,
    `CREATE INDEX chunks_by_agent ON chunks (agent_id, embedding_model, id)`,
    `CREATE INDEX chunks_by_source ON chunks (source_id)`,
  ];
}

export const m0002Knowledge: ShippedMigration = {
  sqlite: { name: '0002_knowledge', statements: knowledge('BLOB') },
  postgres: { name: '0002_knowledge', statements: knowledge('BYTEA') },
};
