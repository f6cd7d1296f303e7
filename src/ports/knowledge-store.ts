import type { Page, PageRequest } from './page.ts';

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
  /** SHA-256 of a file's bytes or of a page's text (hex): the same content is held once. Absent on older sources. */
  contentHash?: string | null;
}

/** What a re-sync keeps of a crawled page: its site, the validators of its last answer, its links. */
export interface PageState {
  siteId: string | null;
  etag: string | null;
  lastModified: string | null;
  /** The page's same-site links when it was last read (followed again when it answers 304). */
  links: string[] | null;
}

/** A stored page of a site with its state. */
export interface SitePage {
  source: SourceRecord;
  page: PageState;
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
  /** The analyser version that made `terms` (ANALYZER_VERSION when they were made). */
  termsVersion: number;
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
  insert(source: SourceRecord, chunks: ChunkRecord[], page?: PageState): Promise<boolean>;
  /** The agent's source of this type holding exactly this content, if any. */
  findByHash(
    accountId: string,
    agentId: string,
    type: SourceType,
    contentHash: string,
  ): Promise<SourceRecord | undefined>;
  /** Content hashes of the agent's website sources, by source id (bounded by the plan's page limit). */
  pageHashes(agentId: string): Promise<Array<{ id: string; url: string; contentHash: string | null }>>;
  /** The pages a site's crawls and re-syncs stored. */
  sitePages(accountId: string, siteId: string): Promise<SitePage[]>;
  /** Replaces a page's passages in place (same source id): new title, storage, hash, state and
   * chunks. False when the source is gone. Call inside the transaction that adjusts its storage. */
  replaceContent(
    accountId: string,
    agentId: string,
    sourceId: string,
    patch: { title: string; storage: number; contentHash: string; page: PageState },
    chunks: ChunkRecord[],
  ): Promise<boolean>;
  /** Pages of the agent under `origin` that belong to no site yet (crawled before sites existed) join `siteId`. */
  adoptPages(accountId: string, agentId: string, siteId: string, origin: string): Promise<void>;
  /** Records a page's validators and links after an answer that did not change its text. */
  setPageState(sourceId: string, page: PageState): Promise<void>;
  get(accountId: string, agentId: string, sourceId: string): Promise<SourceRecord | undefined>;
  /** Which of `sourceIds` are sources of the agent. In a transaction on PostgreSQL it also holds them
   * (FOR SHARE) until the transaction ends, so a delete waits for what is stored with them. */
  existing(accountId: string, agentId: string, sourceIds: readonly string[]): Promise<string[]>;
  list(
    accountId: string,
    agentId: string,
    filter: { type?: SourceType },
    page: PageRequest,
  ): Promise<Page<SourceRecord>>;
  /** Removes the source and every chunk of it; returns what was removed. */
  delete(accountId: string, agentId: string, sourceId: string): Promise<SourceRecord | undefined>;
  /** The normalised URLs of the agent's website sources (bounded by the plan's page limit). */
  pageUrls(agentId: string): Promise<string[]>;
}

/** What a search index reads to build and follow an agent's passages. */
export type IndexedChunks = Pick<ChunkStore, 'searchable' | 'searchableOfSources' | 'changesSince'>;

export interface ChunkStore {
  /** The agent's passages embedded with `model`, in a stable order. */
  searchable(agentId: string, model: string): Promise<SearchableChunk[]>;
  /** The passages of these sources embedded with `model` (an index's delta). */
  searchableOfSources(agentId: string, model: string, sourceIds: readonly string[]): Promise<SearchableChunk[]>;
  /** The agent's changes after version `after` up to `upTo`, oldest first; fewer rows than
   * versions in between means the log no longer covers the gap (pruned, or older than the log). */
  changesSince(agentId: string, after: number, upTo: number): Promise<KnowledgeChange[]>;
  /** Passages by id with their source's id, type and title, for results. */
  withSources(
    agentId: string,
    chunkIds: readonly string[],
  ): Promise<Array<{ id: string; content: string; source: { id: string; type: SourceType; title: string } }>>;
  /** The agent's passages after `afterId` (null: from the first), in id order, with what was
   * embedded and indexed for each: a comparison run embeds them again with another model. */
  passageBatch(
    agentId: string,
    afterId: string | null,
    limit: number,
  ): Promise<Array<{ id: string; sourceId: string; terms: string; content: string; heading: string | null }>>;
  /** Passages whose vectors were not made by `model` (re-embedding after a model change). */
  staleBatch(
    agentId: string,
    model: string,
    limit: number,
  ): Promise<Array<{ id: string; content: string; heading: string | null }>>;
  setEmbedding(chunkId: string, embedding: Float32Array, model: string): Promise<void>;
  /** How many passages, of every agent, have terms made by an analyser older than `version`.
   * Unscoped: the terms upgrade is the server's own maintenance, not a tenant's request. */
  countOlderTerms(version: number): Promise<number>;
  /** Up to `limit` passages, of every agent, whose terms an analyser older than `version` made,
   * with the text they are re-analysed from. */
  olderTermsBatch(
    version: number,
    limit: number,
  ): Promise<Array<{ id: string; agentId: string; sourceId: string; content: string; heading: string | null }>>;
  /** Sets passages' terms made by analyser `version`, each only if its stored terms are older
   * (another node may have been first); logs each source whose passages changed as deleted and
   * added, so cached indexes follow as a delta. How many passages changed. Call in a transaction. */
  replaceTerms(
    passages: ReadonlyArray<{ id: string; agentId: string; sourceId: string; terms: string }>,
    version: number,
  ): Promise<number>;
}
