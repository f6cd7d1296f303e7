// An agent's knowledge: its sources, their chunks (text, search terms, vector) and the log of
// its knowledge versions.

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
  /** The analyser version that made `terms` (added by 0019_terms_version; 1 before it). */
  terms_version: number;
  /** Float32 little-endian. */
  embedding: Uint8Array;
  embedding_model: string;
  embedding_dim: number;
}

export interface KnowledgeChangesTable {
  agent_id: string;
  version: number;
  /** 'add' or 'delete' of `source_id`'s passages; 'reset' when vectors changed in place. */
  kind: string;
  source_id: string | null;
}

export interface KnowledgeTables {
  sources: SourcesTable;
  chunks: ChunksTable;
  knowledge_changes: KnowledgeChangesTable;
}
