// One extraction (and its chunking) in a thread of the extraction pool (see extraction-pool.ts). Failures come back as
// values: an ExtractError's reason would not survive being thrown across the thread boundary.
import { extractFile } from './extract-file.ts';
import { ExtractError, type ExtractFailure } from '../../text/extract-error.ts';
import { indexPieces } from '../../text/index-pieces.ts';
import type { ExtractedForIndex } from '../../ports/file-extractor.ts';

export type WorkerReply =
  { ok: true; result: ExtractedForIndex } | { ok: false; reason: ExtractFailure | null; message: string };

export default async function extractInWorker(input: { bytes: Uint8Array; filename: string }): Promise<WorkerReply> {
  try {
    const extracted = await extractFile(input);
    // Chunking and term analysis too: for a large document they are CPU work the event loop would feel.
    return {
      ok: true,
      result: { kind: extracted.kind, pieces: indexPieces(extracted.sections), sections: extracted.sections },
    };
  } catch (error) {
    if (error instanceof ExtractError) return { ok: false, reason: error.reason, message: error.message };
    return { ok: false, reason: null, message: error instanceof Error ? error.message : String(error) };
  }
}
