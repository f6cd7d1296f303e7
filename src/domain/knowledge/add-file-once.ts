import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { SourceRecord } from '../../ports/knowledge-store.ts';
import type { ExtractionTicket } from '../../ports/file-extractor.ts';
import { addFileSource } from './add-file-source.ts';
import { DuplicatePageError } from './store-source.ts';
import { fileHash } from './content-hash.ts';
import { cleanFileName } from './add-file-source.ts';
import { AppError } from '../errors.ts';
import { extensionOf } from '../../text/file-kind.ts';
import { sniffFile } from '../../text/sniff-file.ts';
import { contentMismatchMessage, TYPE_NOT_ALLOWED_MESSAGE } from '../../text/extract-error.ts';
import type { Store } from '../../ports/store.ts';

/** The agent's file with exactly these bytes, if it holds one. */
export function findHeldFile(
  deps: { store: Pick<Store, 'sources'> },
  ctx: RequestContext,
  agent: AgentRecord,
  bytes: Uint8Array,
): Promise<SourceRecord | undefined> {
  return deps.store.sources.findByHash(ctx.accountId, agent.id, 'file', fileHash(bytes));
}

/**
 * Adds an uploaded file unless the agent already holds the same bytes (whatever the file name):
 * then the held source is the answer, `duplicate: true`, and nothing is extracted, stored, charged
 * against storage or announced. Two uploads of one file at once: the second to commit finds the
 * first (a unique index on the content hash), gives its reserved storage back and answers the same.
 */
export async function addFileOnce(
  deps: Pick<DomainDeps, 'ingestion'> & { store: Pick<Store, 'sources'> },
  ctx: RequestContext,
  agent: AgentRecord,
  file: { bytes: Uint8Array; filename: string },
  ticket: ExtractionTicket,
  signal?: AbortSignal,
): Promise<{ source: SourceRecord; duplicate: boolean }> {
  const held = await findHeldFile(deps, ctx, agent, file.bytes);
  if (held) {
    await assertNameFits(file.filename, file.bytes);
    return { source: held, duplicate: true };
  }
  try {
    return { source: await addFileSource(deps, ctx, agent, file, ticket, signal), duplicate: false };
  } catch (error) {
    const raced = error instanceof DuplicatePageError ? await findHeldFile(deps, ctx, agent, file.bytes) : undefined;
    if (raced) return { source: raced, duplicate: true };
    throw error;
  }
}

/** A copy of a held file is still judged by its name as the upload would be: a PDF named `.docx` is refused, not reported as held. */
async function assertNameFits(filename: string, bytes: Uint8Array): Promise<void> {
  const claimed = extensionOf(cleanFileName(filename));
  if (claimed === null) return;
  if (!['pdf', 'doc', 'docx', 'txt'].includes(claimed))
    throw new AppError('FILE_TYPE_NOT_ALLOWED', TYPE_NOT_ALLOWED_MESSAGE);
  const content = await sniffFile(bytes);
  if (content.kind !== claimed)
    throw new AppError(
      'INVALID_FILE',
      contentMismatchMessage(content.kind === 'other' ? content.type : content.kind, claimed),
    );
}
