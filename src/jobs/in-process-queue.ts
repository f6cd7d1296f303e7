// One node (SQLite): ingestion jobs run in the process that took the request, through the same
// port as the distributed queue, so the domain has one path.
import type { Store } from '../ports/store.ts';
import type { IngestHandlers, IngestionQueue, IngestJob, IngestOutcome, OnJobDone } from '../ports/ingestion-queue.ts';

export interface InProcessQueueOptions<Prepared> {
  store: Store;
  handlers: IngestHandlers<Prepared>;
  /** Jobs one request keeps in flight: as many as the embedder has workers. */
  parallelism: number;
  onJobDone?: OnJobDone;
}

export function createInProcessQueue<Prepared>(options: InProcessQueueOptions<Prepared>): IngestionQueue {
  const { store, handlers } = options;
  let active = 0;
  let failed = 0;

  async function runHere(job: IngestJob, signal?: AbortSignal): Promise<IngestOutcome> {
    await store.transaction((tx) => handlers.reserve(tx, job));
    try {
      const result = await handlers.prepare(job, signal);
      signal?.throwIfAborted();
      return await store.transaction(async (tx) => {
        const outcome = result.kind === 'prepared' ? await handlers.store(tx, job, result.prepared) : result;
        // Storage goes back in the same transaction that decides nothing was stored.
        if (outcome.kind !== 'stored') await handlers.release(tx, job);
        return outcome;
      });
    } catch (error) {
      // The failure is what the client is told; a release that fails too (database gone) must
      // not hide it (the storage then stays reserved: see docs/operations.md).
      await store.transaction((tx) => handlers.release(tx, job)).catch(() => {});
      throw error;
    }
  }

  return {
    parallelism: options.parallelism,
    async run(job, signal) {
      const started = performance.now();
      active += 1;
      try {
        return await runHere(job, signal);
      } catch (error) {
        failed += 1;
        throw error;
      } finally {
        active -= 1;
        options.onJobDone?.(job.task.kind, (performance.now() - started) / 1000);
      }
    },
    start: async () => {},
    stats: async () => ({ waiting: 0, active, failed }),
    close: async () => {},
  };
}
