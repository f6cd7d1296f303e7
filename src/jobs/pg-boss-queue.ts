// Many nodes (PostgreSQL): ingestion jobs on pg-boss, consumed by the embedding workers of every
// node. The node that took the request reserves storage, writes the job's row and sends the
// pg-boss job in one transaction, then waits for the row to settle (settled-listener.ts). A
// consumer killed mid-job stops sending heartbeats: pg-boss gives the job to another node; the
// row decides once whether the source is stored (ingest-job-rows.ts).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { PgBoss, type Job } from 'pg-boss';
import type { IngestHandlers, IngestionQueue, IngestJob, IngestOutcome, OnJobDone } from '../ports/ingestion-queue.ts';
import { createIngestJobRows, inTransaction, SETTLED_CHANNEL, type JobsDatabase } from './ingest-job-rows.ts';
import { createSettledListener, type SettledListener } from './settled-listener.ts';
import type { DistributedQueueSettings } from '../config.ts';
import { createRepeatedFailures } from '../pacing/repeated-failures.ts';

export interface PgBossQueueOptions<Prepared> {
  databaseUrl: string;
  /** The store's database (PostgresStore.transactional). */
  database: JobsDatabase;
  settings: DistributedQueueSettings;
  handlers: IngestHandlers<Prepared>;
  now: () => number;
  log: (message: string, error?: unknown) => void;
  onJobDone?: OnJobDone;
}

const QUEUE = 'colloquy-ingest';
const DEAD_LETTERS = 'colloquy-ingest-failed';
/** The longest a waiter goes without reading its row (NOTIFY usually wakes it first). */
const POLL_MS = 1_000;
/** Finished rows are purged after this many jobs on a node. */
const PURGE_EVERY = 50;

/** pg-boss reports an error from each of its polls: a database away for seconds makes dozens. The
 * first is logged, then at most one a minute with how many were left out since. */
export function queueErrorLog(
  log: (message: string, error?: unknown) => void,
  now: () => number,
): (error: unknown) => void {
  const failures = createRepeatedFailures(now);
  return (error) => {
    const report = failures.failed();
    if (!report) return;
    const leftOut = report.leftOut > 0 ? ` (${report.leftOut} more since the last line)` : '';
    log(`ingestion queue error${leftOut}`, error);
  };
}

export function createPgBossQueue<Prepared>(options: PgBossQueueOptions<Prepared>): IngestionQueue {
  const { settings, handlers, now, log } = options;
  const rows = createIngestJobRows(options.database);
  const worker = `${hostname()}:${process.pid}`;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: 4,
    useListenNotify: true,
    superviseIntervalSeconds: settings.superviseSeconds,
    monitorIntervalSeconds: settings.superviseSeconds,
  });
  boss.on('error', queueErrorLog(log, now));
  const running = new Map<string, AbortController>();
  let listener: SettledListener | null = null;
  let starting: Promise<void> | null = null;
  let jobsDone = 0;

  /** Creates the queue, or applies this node's settings to it (every node should share them). */
  async function ensureQueue(
    name: string,
    queueOptions: {
      deadLetter?: string;
      retryLimit?: number;
      retryDelay?: number;
      heartbeatSeconds?: number;
      expireInSeconds?: number;
      notify: boolean;
    },
  ): Promise<void> {
    if (await boss.getQueue(name)) return boss.updateQueue(name, queueOptions);
    // Another node may create it at the same moment.
    await boss.createQueue(name, queueOptions).catch(async (error: unknown) => {
      if (!(await boss.getQueue(name))) throw error;
    });
  }

  async function consume(job: Job<{ id: string }>): Promise<void> {
    const { id } = job.data;
    const started = performance.now();
    const input = await rows.claim(id, worker);
    if (!input) return; // settled already: cancelled, or stored by an earlier attempt
    const cancel = new AbortController();
    running.set(id, cancel);
    try {
      const result = await handlers.prepare(input, AbortSignal.any([cancel.signal, job.signal]));
      await rows.settle(
        id,
        now(),
        (tx) => (result.kind === 'prepared' ? handlers.store(tx, input, result.prepared) : Promise.resolve(result)),
        handlers.release,
      );
    } catch (error) {
      // Settled elsewhere meanwhile (its waiter left, or another attempt finished): nothing to do.
      if (cancel.signal.aborted) return;
      throw error; // pg-boss retries it; after the last attempt it reaches the dead letters
    } finally {
      running.delete(id);
      options.onJobDone?.(input.task.kind, (performance.now() - started) / 1000);
      if (++jobsDone % PURGE_EVERY === 0) await rows.purgeFinished(now()).catch(() => {});
    }
  }

  /** Every attempt failed: the job settles as failed, and its storage is given back. */
  async function bury(job: Job<{ id: string }>): Promise<void> {
    await rows.settle(
      job.data.id,
      now(),
      async () => ({ kind: 'failed', message: 'every attempt to index it failed' }),
      handlers.release,
    );
  }

  function start(): Promise<void> {
    starting ??= (async () => {
      listener = createSettledListener(options.databaseUrl, SETTLED_CHANNEL, log);
      // A job settled by someone else (its waiter left) stops here too.
      listener.onSettled((id) => running.get(id)?.abort(new Error('the job was settled elsewhere')));
      await boss.start();
      await ensureQueue(DEAD_LETTERS, { notify: true });
      await ensureQueue(QUEUE, {
        deadLetter: DEAD_LETTERS,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        heartbeatSeconds: settings.heartbeatSeconds,
        expireInSeconds: settings.expireSeconds,
        notify: true,
      });
      // NOTIFY wakes workers for new jobs only: retries (and jobs of lost nodes) are found by polling.
      const polling = {
        pollingIntervalSeconds: settings.pollSeconds,
        notifyPollingIntervalSeconds: 2 * settings.pollSeconds,
      };
      // One pg-boss worker per slot, each waking itself after a job: a worker that found work
      // fetches again at once instead of sleeping out its poll interval (NOTIFY only wakes it for
      // jobs sent while it sleeps, not for the backlog).
      for (let slot = 0; slot < settings.workers; slot += 1) {
        let self = '';
        self = await boss.work<{ id: string }>(QUEUE, polling, async ([job]) => {
          try {
            if (job) await consume(job);
          } finally {
            boss.notifyWorker(self);
          }
        });
      }
      await boss.work<{ id: string }>(DEAD_LETTERS, polling, async ([job]) => job && bury(job));
      await listener.ready();
    })();
    return starting;
  }

  /** Resolves with the job's outcome once its row settles. */
  async function waitFor(id: string, signal?: AbortSignal): Promise<IngestOutcome> {
    for (;;) {
      const alarm = (listener as SettledListener).arm(id, POLL_MS, signal);
      const row = await rows.read(id);
      if (row && row.state !== 'queued') {
        alarm.disarm();
        return row.outcome ?? { kind: 'failed', message: 'the job was cancelled' };
      }
      await alarm.wait;
    }
  }

  /**
   * A file or page whose job is already queued (its request was cut, by kill -9 or a proxy, and the
   * client sent it again) is not queued twice: this request waits for that job and answers as a
   * held copy ('duplicate'), instead of waiting behind it and then embedding the same text again.
   * Null when there is no such job, or it ended without storing (this request then runs its own).
   */
  async function joinQueued(job: IngestJob, signal?: AbortSignal): Promise<IngestOutcome | null> {
    const { task } = job;
    const same =
      task.kind === 'file'
        ? task.contentHash
          ? { field: 'contentHash' as const, value: task.contentHash }
          : null
        : { field: 'url' as const, value: task.url };
    if (!same) return null;
    const queued = await rows.findQueued(job.ctx.accountId, job.agent.id, same);
    if (!queued) return null;
    // Leaving stops this request's wait only: the job belongs to the request that queued it.
    const outcome = await waitFor(queued, signal);
    if (outcome.kind === 'stored' || outcome.kind === 'duplicate') return { kind: 'duplicate' };
    return outcome.kind === 'refused' ? outcome : null;
  }

  return {
    parallelism: settings.parallelism,
    async run(job: IngestJob, signal?: AbortSignal) {
      await start();
      signal?.throwIfAborted();
      const joined = await joinQueued(job, signal);
      if (joined) return joined;
      const id = randomUUID();
      await rows.insert(
        id,
        job,
        now(),
        (tx) => handlers.reserve(tx, job),
        async (trx) => {
          await boss.send(QUEUE, { id }, { id, db: inTransaction(trx) });
        },
      );
      try {
        return await waitFor(id, signal);
      } catch (error) {
        // The client left: a job not yet stored is cancelled (its storage given back, its
        // consumer stopped); one already stored stays. (Any other failure here, the database
        // away, leaves the job to finish: its source then appears in the list.)
        if (signal?.aborted) await rows.settle(id, now(), async () => 'cancelled', handlers.release).catch(() => {});
        throw error;
      }
    },
    start,
    async stats() {
      await start();
      const queue = await boss.getQueue(QUEUE);
      return { waiting: queue?.queuedCount ?? 0, active: queue?.activeCount ?? 0, failed: queue?.failedCount ?? 0 };
    },
    async close() {
      if (!starting) return;
      await starting.catch(() => {});
      // Jobs running here finish (within the grace period); queued ones stay for other nodes.
      await boss.stop({ graceful: true, timeout: 20_000, close: true });
      await listener?.close();
    },
  };
}
