// One extraction in a thread of the extraction pool (see extraction-pool.ts). Failures come back as
// values: an ExtractError's reason would not survive being thrown across the thread boundary.
import { extractFile } from './extract-file.ts';
import { ExtractError, type ExtractFailure } from './extract-error.ts';
import type { ExtractedFile } from './extract-file.ts';

export type WorkerReply = { ok: true; result: ExtractedFile } | { ok: false; reason: ExtractFailure | null; message: string };

export default async function extractInWorker(input: { bytes: Uint8Array; filename: string }): Promise<WorkerReply> {
  try {
    return { ok: true, result: await extractFile(input) };
  } catch (error) {
    if (error instanceof ExtractError) return { ok: false, reason: error.reason, message: error.message };
    return { ok: false, reason: null, message: error instanceof Error ? error.message : String(error) };
  }
}
