import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { Store, StoreRepositories } from '../../ports/store.ts';
import type { ChunkRecord, PageState, SourceRecord } from '../../ports/knowledge-store.ts';
import type { ExtractedSection } from '../../text/extracted.ts';
import { AppError } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';
import { ANALYZER_VERSION, indexPieces, type IndexPiece } from '../../text/index-pieces.ts';

export { indexedTextOf } from '../../text/index-pieces.ts';

/** What an agent can still store (characters of text plus bytes of files) on its plan. */
export function remainingStorage(
  deps: Pick<DomainDeps, 'catalog'>,
  plan: RequestContext['plan'],
  agent: AgentRecord,
): number {
  return Math.max(0, deps.catalog.plans[plan].storageLimit - agent.storageUsed);
}

/** What an ingestion job's work uses (not the ingestion queue, which is built after it). */
export type IngestDeps = Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder' | 'extractor'>;

/** A source before indexing: its record's fields and its extracted text (as sections, or as
 * passages already made with the sections they came from in `extracted`), and for a crawled page
 * its content hash and validators. */
export type SourceDraft = Pick<SourceRecord, 'type' | 'title' | 'content' | 'url' | 'size' | 'storage'> &
  ({ sections: ExtractedSection[] } | { pieces: IndexPiece[]; extracted?: ExtractedSection[] }) & {
    contentHash?: string;
    page?: PageState;
  };

/** A source whose passages are chunked and embedded, ready to be stored in one transaction. */
export interface PreparedSource {
  source: SourceRecord;
  chunks: ChunkRecord[];
  /** The extracted text, stored beside the chunks for the source viewer. */
  sections: ExtractedSection[];
  /** A crawled page's site and validators. */
  page?: PageState;
}

/** Chunks and embeds a draft. Runs before any transaction: slow work never holds a write lock. */
export async function prepareSource(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'embedder'>,
  ctx: RequestContext,
  agent: AgentRecord,
  draft: SourceDraft,
  signal?: AbortSignal,
): Promise<PreparedSource> {
  const pieces = 'pieces' in draft ? draft.pieces : indexPieces(draft.sections);
  if (pieces.length === 0) throw new AppError('INVALID_FILE', 'The document contains no text to index.');
  const vectors = await deps.embedder.embed(
    pieces.map((piece) => piece.indexedText),
    signal,
  );
  const sourceId = deps.ids.next('src');
  const chunks = chunkRecords(deps, agent.id, sourceId, pieces, vectors);
  const source: SourceRecord = {
    id: sourceId,
    accountId: ctx.accountId,
    agentId: agent.id,
    type: draft.type,
    title: draft.title,
    content: draft.content,
    url: draft.url,
    size: draft.size,
    storage: draft.storage,
    createdAt: deps.clock.now(),
    ...(draft.contentHash && { contentHash: draft.contentHash }),
  };
  return {
    source,
    chunks,
    sections: 'sections' in draft ? draft.sections : (draft.extracted ?? []),
    ...(draft.page && { page: draft.page }),
  };
}

/** A source's passages as chunk records (new chunk ids) with their embeddings, `vectors[i]` for `pieces[i]`. */
export function chunkRecords(
  deps: Pick<DomainDeps, 'embedder' | 'ids'>,
  agentId: string,
  sourceId: string,
  pieces: readonly IndexPiece[],
  vectors: readonly Float32Array[],
): ChunkRecord[] {
  return pieces.map((piece, ordinal): ChunkRecord => ({
    id: deps.ids.next('chk'),
    sourceId,
    agentId,
    ordinal,
    content: piece.content,
    heading: piece.heading,
    page: piece.page,
    terms: piece.terms,
    // Pieces are made by this release's termsOf (here or in the extraction pool).
    termsVersion: ANALYZER_VERSION,
    embedding: vectors[ordinal] as Float32Array,
    embeddingModel: deps.embedder.model,
  }));
}

/**
 * Inside the caller's transaction: stores the source with every chunk, and records
 * `source.added` unless `event` is null (a crawl records one event for all its pages). Its storage
 * was reserved before the work began (reserveStorage).
 */
export async function storePreparedSource(
  tx: Pick<StoreRepositories, 'events' | 'sourceViews' | 'sources'>,
  deps: Pick<DomainDeps, 'clock' | 'ids'>,
  ctx: RequestContext,
  agent: AgentRecord,
  prepared: PreparedSource,
  event: { source: string } | null,
): Promise<void> {
  if (!(await tx.sources.insert(prepared.source, prepared.chunks, prepared.page)))
    throw new DuplicatePageError(prepared.source.url ?? '');
  await tx.sourceViews.replaceSections(prepared.source.id, agent.id, prepared.sections);
  if (event)
    await recordEvent(tx, deps, ctx.accountId, 'source.added', {
      agent: { id: agent.id, name: agent.name },
      source: event.source,
    });
}

/** The agent already holds this page or file (a concurrent crawl or upload stored it first); the transaction rolls back. */
export class DuplicatePageError extends Error {
  override name = 'DuplicatePageError';
}

/** Storage taken for work under way; released when that work fails or stores nothing. */
export interface StorageReservation {
  release(): Promise<void>;
}

/**
 * Takes `amount` of the agent's storage now, before any extraction or embedding: one atomic
 * update checks it against the plan's limit, so concurrent uploads that each fit but together do
 * not are refused here (403 PLAN_LIMIT_REACHED), up front, and never all do the work first.
 */
export async function reserveStorage(
  deps: Pick<DomainDeps, 'catalog'> & { store: Pick<Store, 'agents'> },
  ctx: RequestContext,
  agent: AgentRecord,
  amount: number,
): Promise<StorageReservation> {
  const limit = deps.catalog.plans[ctx.plan].storageLimit;
  if (!(await deps.store.agents.reserveStorage(ctx.accountId, agent.id, amount, limit)))
    throw storageLimitReached({ limit });
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await deps.store.agents.releaseStorage(ctx.accountId, agent.id, amount);
    },
  };
}

/** Runs `work` with `amount` of storage reserved; gives it back if the work fails. (A crash in
 * between keeps it reserved: see docs/operations.md.) */
export async function withStorageReserved<T>(
  deps: Pick<DomainDeps, 'catalog'> & { store: Pick<Store, 'agents'> },
  ctx: RequestContext,
  agent: AgentRecord,
  amount: number,
  work: () => Promise<T>,
): Promise<T> {
  const reservation = await reserveStorage(deps, ctx, agent, amount);
  try {
    return await work();
  } catch (error) {
    // The work's failure is what the client is told; a release that fails too (database gone) is
    // not allowed to hide it.
    await reservation.release().catch(() => {});
    throw error;
  }
}

/** Reserves storage, prepares and stores one source with its `source.added` event. */
export async function addSource(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder'> & { store: Pick<Store, 'agents' | 'transaction'> },
  ctx: RequestContext,
  agent: AgentRecord,
  draft: SourceDraft,
  eventSource: string,
  /** Writes that must commit with the source, or stop it by throwing (run first, in its transaction). */
  withSource?: (tx: StoreRepositories, source: SourceRecord) => Promise<void>,
): Promise<SourceRecord> {
  return withStorageReserved(deps, ctx, agent, draft.storage, async () => {
    const prepared = await prepareSource(deps, ctx, agent, draft);
    await deps.store.transaction(async (tx) => {
      await withSource?.(tx, prepared.source);
      await storePreparedSource(tx, deps, ctx, agent, prepared, { source: eventSource });
    });
    return prepared.source;
  });
}

export function storageLimitReached(
  storage: { used?: number; limit: number },
  message = "This would pass the plan's storage limit for this agent.",
): AppError {
  return new AppError('PLAN_LIMIT_REACHED', message, { output: { storage } });
}

/** SPEC §8 counts storage in characters of text (code points, as the length limits are). */
export function characterCount(...texts: string[]): number {
  let count = 0;
  for (const text of texts) for (const _ of text) count += 1;
  return count;
}
