import { Worker } from 'node:worker_threads';
import { ExtractError, type ExtractFailure } from './extract-error.ts';
import type { ExtractedFile } from './extract-file.ts';

export interface IsolationLimits {
  /** The worker is terminated after this long: a parser spinning on a hostile file is stopped. */
  timeoutMs: number;
  /** Heap cap for the parser: a file that would need more is refused, not the server's memory. */
  maxHeapMb: number;
}

export const DEFAULT_ISOLATION: IsolationLimits = { timeoutMs: 60_000, maxHeapMb: 768 };

type WorkerReply = { ok: true; result: ExtractedFile } | { ok: false; reason: ExtractFailure | null; message: string };

/**
 * extractFile in a worker thread of its own: parsing a large or hostile document never blocks the
 * event loop, can be stopped however it misbehaves, and is bounded in memory.
 */
export function extractFileIsolated(input: { bytes: Uint8Array; filename: string }, limits: IsolationLimits = DEFAULT_ISOLATION): Promise<ExtractedFile> {
  return new Promise<ExtractedFile>((resolve, reject) => {
    const worker = new Worker(new URL('./extract-worker.ts', import.meta.url), {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(() => settle(() => reject(new ExtractError('invalid-file', `The file took longer than ${limits.timeoutMs / 1000} s to read`))), limits.timeoutMs);
    worker.once('message', (reply: WorkerReply) =>
      settle(() => {
        if (reply.ok) return resolve(reply.result);
        reject(reply.reason ? new ExtractError(reply.reason, reply.message) : new Error(reply.message));
      }),
    );
    worker.once('error', (error) => settle(() => reject(isOutOfMemory(error) ? new ExtractError('invalid-file', 'The file needs too much memory to read') : error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the extraction worker stopped (exit ${code})`))));
  });
}

function isOutOfMemory(error: Error): boolean {
  return (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
}
