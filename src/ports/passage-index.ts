/** Which agent's passages, at which knowledge version, under which embedding model. */
export interface IndexedAgent {
  agentId: string;
  /** The agent's knowledge version as read now: an index at least this new is used. */
  version: number;
  model: string;
  dimension: number;
}

/** What one passage brings to a ranking. */
export interface PassageSignals {
  chunkId: string;
  /** Exact cosine of the question's vector with the passage's (0 without a vector). */
  cosine: number;
  /** Okapi BM25 over the agent's own passages, as a fraction of the highest score the question's
   * terms could reach; 0 when the passage shares no term. */
  bm25: number;
  /** The summed IDF (nats) of the question's distinct terms the passage holds. */
  matchedIdf: number;
}

export interface CandidateQuery {
  /** The question's distinct analysed terms; empty: no keyword ranking. */
  terms: readonly string[];
  /** Those of `terms` that may be misspelt: one the agent's vocabulary lacks is read as the
   * nearest term it holds. */
  correctable?: readonly string[];
  /** The question's unit vector; absent: no meaning ranking. */
  vector?: Float32Array;
  /** How many passages each ranking contributes. */
  perSignal: number;
}

export interface Candidates {
  /** Passages the agent holds. */
  live: number;
  /** The summed IDF of the question's distinct terms over the agent's passages. */
  queryIdf: number;
  /** The question's distinct terms (a misspelt one as the agent's nearest) that the agent holds. */
  heldTerms: number;
  /** The best `perSignal` passages by BM25 (sharing a term) and by cosine, each once. */
  candidates: PassageSignals[];
}

export interface PassageIndexStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  deltas: number;
  rebuilds: number;
}

/**
 * The search engine: each agent's passages indexed in memory for BM25 and exact vector search,
 * kept current with the agent's knowledge version. It answers with candidates and their raw
 * signals; ranking and scoring them is the domain's.
 */
export interface PassageIndex {
  /** How many passages the agent holds (its index brought up to date). */
  live(agent: IndexedAgent): Promise<number>;
  candidates(agent: IndexedAgent, query: CandidateQuery): Promise<Candidates>;
  /** A value measured once per embedding model and process (its calibration); a failed
   * measure is not kept. */
  perModel<T>(model: string, measure: () => Promise<T>): Promise<T>;
  stats(): PassageIndexStats;
}
