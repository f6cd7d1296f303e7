import type { RequestContext } from './request-context.ts';
import type { AgentRecord } from './agent-store.ts';
import type { StoreRepositories } from './store.ts';
import type { PageState, SourceRecord } from './knowledge-store.ts';
import type { ExtractedSection } from '../text/extracted.ts';

/** What one job indexes: an uploaded file (extracted where the job runs) or a crawled page. */
export type IngestTask =
  | { kind: 'file'; filename: string; bytes: Uint8Array; contentHash?: string }
  | { kind: 'page'; title: string; url: string; sections: ExtractedSection[]; contentHash?: string; page?: PageState };

/**
 * One source to index: extract (files), chunk, embed, store. Plain data: on PostgreSQL it is
 * written to the database and may run on any node.
 */
export interface IngestJob {
  ctx: RequestContext;
  agent: AgentRecord;
  /** The storage the source takes, reserved before the job is queued. */
  storage: number;
  task: IngestTask;
  /** `source.added` written with the source, or null (a crawl writes one event for all its pages). */
  event: { source: string } | null;
}

/** How a job ended, as data (it may have crossed a process boundary). */
export type IngestOutcome =
  | { kind: 'stored'; source: SourceRecord }
  /** The agent already holds this page (a concurrent crawl stored it first). */
  | { kind: 'duplicate' }
  /** Refused for good (a file that cannot be read, no text, more text than the agent can hold): the client's error. */
  | { kind: 'refused'; code: 'INVALID_FILE' | 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE'; message: string }
  /** Every attempt failed (embedder down, nodes lost): worth sending again later. */
  | { kind: 'failed'; message: string };

/** The work a job does, given by the domain: the queue decides only where and when it runs. */
export interface IngestHandlers<Prepared> {
  /** Takes the job's storage inside `tx`; throws (PLAN_LIMIT_REACHED) when it does not fit. */
  reserve(tx: StoreRepositories, job: IngestJob): Promise<void>;
  release(tx: StoreRepositories, job: IngestJob): Promise<void>;
  /** Extracts, chunks and embeds, outside any transaction. Returns a refusal for a file that
   * cannot be indexed; throws for failures worth another attempt. */
  prepare(
    job: IngestJob,
    signal?: AbortSignal,
  ): Promise<{ kind: 'prepared'; prepared: Prepared } | Extract<IngestOutcome, { kind: 'refused' }>>;
  /** Stores the prepared source inside `tx` (whose storage is reserved). */
  store(tx: StoreRepositories, job: IngestJob, prepared: Prepared): Promise<IngestOutcome>;
}

export interface IngestQueueStats {
  waiting: number;
  active: number;
  failed: number;
}

/**
 * Runs ingestion jobs: in this process (SQLite, one node), or on a queue whose consumers are the
 * embedding workers of every node (PostgreSQL). Each job's storage is reserved when it is queued
 * and given back exactly once if it stores nothing; a job's source is stored at most once.
 */
export interface IngestionQueue {
  /**
   * Reserves the job's storage, runs it (here or on another node) and resolves with its outcome.
   * `signal` (the client leaving) cancels a job that has not stored yet and gives its storage back.
   */
  run(job: IngestJob, signal?: AbortSignal): Promise<IngestOutcome>;
  /** How many jobs one request should keep in flight (a crawl's pages). */
  readonly parallelism: number;
  /** Starts consuming jobs (idempotent; `run` starts it too). */
  start(): Promise<void>;
  stats(): Promise<IngestQueueStats>;
  close(): Promise<void>;
}

/** Called as each job this process ran ends (for metrics). */
export type OnJobDone = (kind: IngestTask['kind'], seconds: number) => void;
