// The extraction pool: a fixed number of worker threads (sized by cores and memory in config.ts)
// and a bounded queue, run by piscina. Parsing a large or hostile document never blocks the event
// loop, is stopped however it misbehaves (time limit, heap cap), and stops when its client leaves.
// Idle threads end after a while, so the memory of a burst goes back to the system.
import type { Piscina } from 'piscina';
import type { ExtractedForIndex, FileExtractor } from '../../ports/file-extractor.ts';
import { ServiceUnavailableError } from '../../ports/unavailable.ts';
import { ExtractError } from '../../text/extract-error.ts';
import type { WorkerReply } from './extract-worker.ts';
import type { ExtractionSettings } from '../../config.ts';

/** Seconds a client is told to wait when the queue is full: about one extraction's time. */
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 5;

type Pool = Piscina<{ bytes: Uint8Array; filename: string }, WorkerReply>;

export function createExtractionPool(settings: ExtractionSettings): FileExtractor {
  // Made with the first file read (it starts no thread before: minThreads 0), so that a process
  // that reads none, a CLI command, does not load piscina.
  let made: Pool | undefined;
  let making: Promise<Pool> | undefined;
  const pool = () =>
    (making ??= import('piscina').then(
      ({ Piscina }) =>
        (made = new Piscina({
          filename: new URL('./extract-worker.ts', import.meta.url).href,
          minThreads: 0,
          maxThreads: settings.workers,
          maxQueue: settings.queue,
          idleTimeout: settings.idleMs,
          resourceLimits: { maxOldGenerationSizeMb: settings.maxHeapMb },
        })),
    ));
  // Uploads admitted and not finished, running or waiting. Counted here, not only by piscina: a
  // place is taken before the upload is read, and piscina's maxQueue counts only waiting tasks.
  let admitted = 0;

  async function extract(
    input: { bytes: Uint8Array; filename: string },
    signal?: AbortSignal,
  ): Promise<ExtractedForIndex> {
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    let reply: WorkerReply;
    try {
      reply = await (await pool()).run(input, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted)
        throw new ExtractError('invalid-file', `The file took longer than ${settings.timeoutMs / 1000} s to read.`);
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new ExtractError('invalid-file', 'The file needs too much memory to read.');
      if (error instanceof Error && /queue is at limit/i.test(error.message)) throw queueFull();
      throw error;
    }
    if (reply.ok) return reply.result;
    throw reply.reason ? new ExtractError(reply.reason, reply.message) : new Error(reply.message);
  }

  return {
    admit() {
      if (admitted >= settings.workers + settings.queue) throw queueFull();
      admitted += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        admitted -= 1;
      };
      return {
        release,
        async extract(input, signal) {
          try {
            return await extract(input, signal);
          } finally {
            release();
          }
        },
      };
    },
    extract,
    load: () => ({
      running: Math.min(admitted, settings.workers),
      queued: Math.max(0, admitted - settings.workers),
      threads: made?.threads.length ?? 0,
    }),
    close: async () => {
      if (making) await (await making).destroy();
    },
  };
}

function queueFull(): ServiceUnavailableError {
  return new ServiceUnavailableError(
    'The server is reading as many files as it can; send the upload again shortly.',
    QUEUE_FULL_RETRY_AFTER_SECONDS,
  );
}
