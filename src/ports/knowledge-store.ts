import type { Page, PageRequest } from './store.ts';

export const SOURCE_TYPES = ['text', 'qa', 'file', 'website'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export interface SourceRecord {
  id: string;
  accountId: string;
  agentId: string;
  type: SourceType;
  /** Text title, Q&A question, file name or page title. */
  title: string;
  /** Text content or Q&A answer; null for files and pages. */
  content: string | null;
  /** Normalised page URL of a website source. */
  url: string | null;
  /** Bytes of a file source. */
  size: number | null;
  /** What this source counts against the agent's storage (characters of text, bytes of files). */
  storage: number;
  createdAt: number;
}

/** A passage as indexed: its text, the analysed terms of the full-text index, and its vector. */
export interface ChunkRecord {
  id: string;
  sourceId: string;
  agentId: string;
  ordinal: number;
  content: string;
  /** The heading the passage sits under; indexed and embedded with it. */
  heading: string | null;
  /** PDF page the passage starts on. */
  page: number | null;
  /** Space-separated analysed terms (the stored full-text index of this passage). */
  terms: string;
  embedding: Float32Array;
  embeddingModel: string;
}

/** What search needs of a passage. */
export interface SearchableChunk {
  id: string;
  sourceId: string;
  terms: string;
  embedding: Float32Array;
}

/** One knowledge version of an agent: a source's passages added or deleted, or (`reset`) vectors
 * changed in place, which only a rebuild of the index follows. */
export interface KnowledgeChange {
  version: number;
  kind: 'add' | 'delete' | 'reset';
  sourceId: string | null;
}

export interface SourceStore {
  /** Inserts a source with all its chunks (call inside the transaction that reserves its storage).
   * False, and nothing written, when the agent already holds a page with this URL. */
  insert(source: SourceRecord, chunks: ChunkRecord[]): Promise<boolean>;
  get(accountId: string, agentId: string, sourceId: string): Promise<SourceRecord | undefined>;
  list(accountId: string, agentId: string, filter: { type?: SourceType }, page: PageRequest): Promise<Page<SourceRecord>>;
  /** Removes the source and every chunk of it; returns what was removed. */
  delete(accountId: string, agentId: string, sourceId: string): Promise<SourceRecord | undefined>;
  /** The normalised URLs of the agent's website sources (bounded by the plan's page limit). */
  pageUrls(agentId: string): Promise<string[]>;
}

export interface ChunkStore {
  /** The agent's passages embedded with `model`, in a stable order. */
  searchable(agentId: string, model: string): Promise<SearchableChunk[]>;
  /** The passages of these sources embedded with `model` (an index's delta). */
  searchableOfSources(agentId: string, model: string, sourceIds: readonly string[]): Promise<SearchableChunk[]>;
  /** The agent's changes after version `after` up to `upTo`, oldest first; fewer rows than
   * versions in between means the log no longer covers the gap (pruned, or older than the log). */
  changesSince(agentId: string, after: number, upTo: number): Promise<KnowledgeChange[]>;
  /** Passages by id with their source's id, type and title, for results. */
  withSources(agentId: string, chunkIds: readonly string[]): Promise<Array<{ id: string; content: string; source: { id: string; type: SourceType; title: string } }>>;
  /** Passages whose vectors were not made by `model` (re-embedding after a model change). */
  staleBatch(agentId: string, model: string, limit: number): Promise<Array<{ id: string; content: string; heading: string | null }>>;
  setEmbedding(chunkId: string, embedding: Float32Array, model: string): Promise<void>;
}
