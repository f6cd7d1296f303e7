import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import type { ExtractionTicket } from '../../ports/file-extractor.ts';
import { getAgent } from '../agents/get-agent.ts';
import { fileHash } from './content-hash.ts';
import { storedSource } from './ingest-job.ts';
import { DuplicatePageError, remainingStorage, storageLimitReached } from './store-source.ts';
import type { Store } from '../../ports/store.ts';
import { cutText } from '../../text/cut-text.ts';

export const FILE_NAME_MAX = 255;

/** How many bytes an upload to this agent may have: its remaining storage (SPEC §4); none left is
 * 403 PLAN_LIMIT_REACHED, with the same `output` as any other source's. */
export async function uploadAllowance(
  deps: Pick<DomainDeps, 'catalog'> & { store: Pick<Store, 'agents'> },
  ctx: RequestContext,
  agentId: string,
): Promise<{ agent: AgentRecord; maxBytes: number }> {
  const agent = await getAgent(deps, ctx, agentId);
  const maxBytes = remainingStorage(deps, ctx.plan, agent);
  if (maxBytes === 0)
    throw storageLimitReached({ limit: deps.catalog.plans[ctx.plan].storageLimit }, "This agent's storage is full.");
  return { agent, maxBytes };
}

/** A file name fit to show as a title: the last path segment, control characters removed. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return cutText(cleaned, FILE_NAME_MAX) || 'untitled';
}

/** A place in the extraction queue, taken before the upload is read: 503 SERVICE_UNAVAILABLE
 * (with Retry-After) when the queue is full. */
export function admitUpload(deps: Pick<DomainDeps, 'extractor'>): ExtractionTicket {
  return deps.extractor.admit();
}

/**
 * Extracts, chunks, embeds and stores an uploaded file as one ingestion job (run here, or on any
 * node's workers on PostgreSQL); its bytes count against storage, reserved when the job is queued
 * (given back if it stores nothing). The caller has read at most `uploadAllowance` bytes; `ticket`,
 * its place among this node's uploads, is given back when the job ends. Emits `source.added`
 * with the file name. `signal` (the client leaving) cancels the job and gives its storage back.
 */
export async function addFileSource(
  deps: Pick<DomainDeps, 'ingestion'>,
  ctx: RequestContext,
  agent: AgentRecord,
  file: { bytes: Uint8Array; filename: string },
  ticket: ExtractionTicket,
  signal?: AbortSignal,
): Promise<SourceRecord> {
  const title = cleanFileName(file.filename);
  try {
    const job = {
      ctx,
      agent,
      storage: file.bytes.byteLength,
      task: { kind: 'file' as const, filename: title, bytes: file.bytes, contentHash: fileHash(file.bytes) },
      event: { source: title },
    };
    const source = storedSource(await deps.ingestion.run(job, signal));
    // The same bytes stored meanwhile by another upload (the content hash is unique per agent).
    if (!source) throw new DuplicatePageError(title);
    return source;
  } finally {
    ticket.release();
  }
}
