import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/store.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import type { ExtractionTicket } from '../../ports/file-extractor.ts';
import { ExtractError } from '../../ingestion/extract/extract-error.ts';
import { AppError } from '../errors.ts';
import { getAgent } from '../agents/get-agent.ts';
import { storeNewSource, withStorageReserved } from './store-source.ts';
import { fileHash } from './content-hash.ts';

export const FILE_NAME_MAX = 255;

/** How many bytes an upload to this agent may have: its remaining storage (SPEC §4). */
export async function uploadAllowance(deps: DomainDeps, ctx: RequestContext, agentId: string): Promise<{ agent: AgentRecord; maxBytes: number }> {
  const agent = await getAgent(deps, ctx, agentId);
  const limit = deps.catalog.plans[ctx.plan].storageLimit;
  return { agent, maxBytes: Math.max(0, limit - agent.storageUsed) };
}

/** A file name fit to show as a title: the last path segment, control characters removed. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, FILE_NAME_MAX);
  return cleaned || 'untitled';
}

/** A place in the extraction queue, taken before the upload is read: 503 SERVICE_UNAVAILABLE
 * (with Retry-After) when the queue is full. */
export function admitUpload(deps: DomainDeps): ExtractionTicket {
  return deps.extractor.admit();
}

/**
 * Extracts (in the place `ticket` holds), chunks, embeds and stores an uploaded file; its bytes
 * count against storage and are reserved before the extraction starts (released if anything
 * fails). The caller has read at most `uploadAllowance` bytes. Emits `source.added` with the file
 * name. `signal` (the client leaving) stops the extraction and the embedding.
 */
export async function addFileSource(deps: DomainDeps, ctx: RequestContext, agent: AgentRecord, file: { bytes: Uint8Array; filename: string }, ticket: ExtractionTicket, signal?: AbortSignal): Promise<SourceRecord> {
  const title = cleanFileName(file.filename);
  const size = file.bytes.byteLength;
  return withStorageReserved(deps, ctx, agent, size, async () => {
    let extracted;
    try {
      extracted = await ticket.extract({ bytes: file.bytes, filename: title }, signal);
    } catch (error) {
      if (error instanceof ExtractError) {
        throw new AppError(error.reason === 'type-not-allowed' ? 'FILE_TYPE_NOT_ALLOWED' : 'INVALID_FILE', error.message);
      }
      throw error;
    }
    const draft = { type: 'file' as const, title, content: null, url: null, size, storage: size, pieces: extracted.pieces, extracted: extracted.sections, contentHash: fileHash(file.bytes) };
    return storeNewSource(deps, ctx, agent, draft, title, signal);
  });
}
