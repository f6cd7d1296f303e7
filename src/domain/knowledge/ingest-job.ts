// The work of one ingestion job (extract → chunk → embed → store), handed to the ingestion queue,
// which decides only where and when it runs: in this process, or on any node's embedding workers.
import type { DomainDeps } from '../context.ts';
import type { StoreRepositories } from '../../ports/store.ts';
import type { IngestHandlers, IngestJob, IngestOutcome } from '../../ports/ingestion-queue.ts';
import { ServiceUnavailableError } from '../../ports/unavailable.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import { ExtractError } from '../../text/extract-error.ts';
import { AppError } from '../errors.ts';
import type { ExtractedSection } from '../../text/extracted.ts';
import {
  characterCount,
  DuplicatePageError,
  prepareSource,
  remainingStorage,
  storageLimitReached,
  storePreparedSource,
  type IngestDeps,
  type PreparedSource,
  type SourceDraft,
} from './store-source.ts';

export function createIngestHandlers(deps: IngestDeps): IngestHandlers<PreparedSource> {
  return {
    async reserve(tx, job) {
      const limit = deps.catalog.plans[job.ctx.plan].storageLimit;
      if (!(await tx.agents.reserveStorage(job.ctx.accountId, job.agent.id, job.storage, limit)))
        throw storageLimitReached({ limit });
    },
    release: (tx, job) => tx.agents.releaseStorage(job.ctx.accountId, job.agent.id, job.storage),
    async prepare(job, signal) {
      try {
        const draft = await draftOf(deps, job, signal);
        return { kind: 'prepared', prepared: await prepareSource(deps, job.ctx, job.agent, draft, signal) };
      } catch (error) {
        if (error instanceof ExtractError)
          return {
            kind: 'refused',
            code: error.reason === 'type-not-allowed' ? 'FILE_TYPE_NOT_ALLOWED' : 'INVALID_FILE',
            message: error.message,
          };
        if (error instanceof AppError && (error.code === 'INVALID_FILE' || error.code === 'FILE_TOO_LARGE'))
          return { kind: 'refused', code: error.code, message: error.message };
        throw error;
      }
    },
    store: (tx, job, prepared) => storeJob(tx, deps, job, prepared),
  };
}

/**
 * A file's bytes are what its storage counts, but a compressed document (DOCX, a PDF's streams) can
 * hold far more text: a 15 kB DOCX can unzip to 10 MB of words, minutes of embedding. Its text must
 * fit what the agent could still store as text (413 FILE_TOO_LARGE), before any of it is embedded.
 */
function assertTextFits(deps: Pick<DomainDeps, 'catalog'>, job: IngestJob, sections: ExtractedSection[]): void {
  const room = remainingStorage(deps, job.ctx.plan, job.agent);
  const characters = characterCount(...sections.map((section) => section.text));
  if (characters > room)
    throw new AppError(
      'FILE_TOO_LARGE',
      `The file holds ${characters} characters of text, more than this agent's remaining storage (${room}) could hold as text.`,
    );
}

async function draftOf(
  deps: Pick<DomainDeps, 'extractor' | 'catalog'>,
  job: IngestJob,
  signal?: AbortSignal,
): Promise<SourceDraft> {
  const { task } = job;
  const contentHash = task.contentHash ? { contentHash: task.contentHash } : {};
  if (task.kind === 'page')
    return {
      type: 'website',
      title: task.title,
      content: null,
      url: task.url,
      size: null,
      storage: job.storage,
      sections: task.sections,
      ...contentHash,
      ...(task.page && { page: task.page }),
    };
  const extracted = await deps.extractor.extract({ bytes: task.bytes, filename: task.filename }, signal);
  assertTextFits(deps, job, extracted.sections);
  return {
    type: 'file',
    title: task.filename,
    content: null,
    url: null,
    size: task.bytes.byteLength,
    storage: job.storage,
    pieces: extracted.pieces,
    extracted: extracted.sections,
    ...contentHash,
  };
}

async function storeJob(
  tx: Pick<StoreRepositories, 'events' | 'sourceViews' | 'sources'>,
  deps: Pick<DomainDeps, 'clock' | 'ids'>,
  job: IngestJob,
  prepared: PreparedSource,
): Promise<IngestOutcome> {
  try {
    await storePreparedSource(tx, deps, job.ctx, job.agent, prepared, job.event);
  } catch (error) {
    // Nothing was written: the page's row was refused before its chunks or event.
    if (error instanceof DuplicatePageError) return { kind: 'duplicate' };
    throw error;
  }
  return { kind: 'stored', source: prepared.source };
}

/** A job's outcome as the caller sees it: the stored source, or the error the client is told. */
export function storedSource(outcome: IngestOutcome): SourceRecord | null {
  switch (outcome.kind) {
    case 'stored':
      return outcome.source;
    case 'duplicate':
      return null;
    case 'refused':
      throw new AppError(outcome.code, outcome.message);
    case 'failed':
      throw new ServiceUnavailableError(
        `The source could not be indexed: ${outcome.message}. Send it again shortly.`,
        30,
      );
  }
}
