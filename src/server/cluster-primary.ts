// The node:cluster primary: forks server.workers HTTP workers that share the port, restarts one that
// dies unexpectedly (with backoff), and on SIGTERM/SIGINT asks every worker to stop gracefully.
// It also holds what the workers share in memory: the rate-limit counts when nothing else is shared
// (SQLite without Redis), and the metrics of all workers, added up.
import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';
import { createClusterMetrics } from '../observability/cluster-metrics.ts';
import { startMetricsServer } from '../observability/metrics-server.ts';
import { checkRedisDatabase, openStore, recountStorageAtStart } from '../compose.ts';
import { checkCanListen } from './listen-check.ts';

/** Restart delays after unexpected deaths in a row: 0.1 s, doubling, at most 10 s. */
const FIRST_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 10_000;
/** A worker that ran this long before dying resets its slot's backoff. */
const STABLE_AFTER_MS = 30_000;

export async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.server.logLevel });
  // Migrate once here, so workers never race to migrate, and a database that cannot be opened stops
  // the start with its error instead of a cycle of worker restarts; on SQLite, give back storage
  // that work cut by a crash left reserved, before any worker can reserve more.
  await checkCanListen(config.server.host, config.server.port);
  await checkRedisDatabase(config);
  const store = await openStore(config);
  try {
    await recountStorageAtStart(config, store, log);
  } finally {
    await store.close();
  }
  // Answers the workers' RateLimiterCluster requests (rate-limit/flexible-rate-limiter.ts).
  new RateLimiterClusterMaster();
  const metrics = createClusterMetrics();
  const metricsServer =
    config.metrics.enabled && config.metrics.port !== null
      ? await startMetricsServer(config.metrics, () => metrics.collect())
      : null;

  const slots = new Map<Worker, { slot: number; startedAt: number }>();
  const failures = new Array<number>(config.server.workers).fill(0);
  let stopping = false;

  const fork = (slot: number): void => {
    const worker = cluster.fork({ COLLOQUY_WORKER_SLOT: String(slot) });
    slots.set(worker, { slot, startedAt: Date.now() });
  };

  cluster.on('exit', (worker, code, signal) => {
    const entry = slots.get(worker);
    slots.delete(worker);
    if (!entry || stopping) return;
    if (Date.now() - entry.startedAt > STABLE_AFTER_MS) failures[entry.slot] = 0;
    const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (failures[entry.slot] ?? 0));
    failures[entry.slot] = (failures[entry.slot] ?? 0) + 1;
    log.error(
      { worker: entry.slot, pid: worker.process.pid, code, signal, restartInMs: delay },
      'HTTP worker died; restarting it',
    );
    setTimeout(() => {
      if (!stopping) fork(entry.slot);
    }, delay);
  });

  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: slots.size }, 'shutting down: each worker stops accepting and finishes its requests');
    const forceAfterMs = config.server.shutdownGraceMs + 10_000;
    const force = setTimeout(() => {
      log.error(`workers did not stop within ${forceAfterMs / 1000} s; ending them`);
      for (const worker of slots.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, forceAfterMs);
    force.unref();
    const exits = [...slots.keys()].map(
      (worker) => new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code))),
    );
    for (const worker of slots.keys()) worker.process.kill('SIGTERM');
    const codes = await Promise.all(exits);
    await metricsServer?.close();
    log.info('stopped');
    process.exit(codes.every((code) => code === 0) ? 0 : 1);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (let slot = 0; slot < config.server.workers; slot++) fork(slot);
  log.info({ workers: config.server.workers }, 'cluster primary started its HTTP workers');
}
