// One serving process: config → adapters → app → listen; SIGTERM/SIGINT stop it gracefully. Run
// alone (server.workers 1) or as one of a cluster primary's HTTP workers.
import type { Config } from '../config.ts';
import {
  checkRedisDatabase,
  closeDomainDeps,
  createAllowanceWorker,
  createDomainDeps,
  createRateLimiter,
  createSitesWorker,
  createStorageRecounter,
  createTermsUpgrader,
  createTestRunWorker,
  createWebhookWorker,
  loadServerLibraries,
  recountStorageAtStart,
} from '../compose.ts';
import { buildApp } from '../http/build-app.ts';
import { createServiceMetrics } from '../observability/service-metrics.ts';
import { startMetricsServer } from '../observability/metrics-server.ts';
import { createReadiness } from '../observability/readiness.ts';
import type { RateLimiterLogger } from '../ports/rate-limiter.ts';
import { listenFailure } from './listen-check.ts';

export async function serve(config: Config, options: { clustered: boolean }): Promise<void> {
  // Before anything else (the CLI leaves them out). Loaded first, the crawler's libraries also set how
  // V8 sizes the young generation: loaded later, the server answers fewer requests a second
  // (docs/research/2026-11-28-http-young-generation.md).
  await loadServerLibraries();
  // Alone, before anything is opened (a cluster's primary does it before forking its workers).
  if (!options.clustered) await checkRedisDatabase(config);
  const metrics = createServiceMetrics({ clustered: options.clustered });
  // The queue's background errors go to the server's log, which exists once the app is built.
  let log: ((message: string, error?: unknown) => void) | null = null;
  const domain = await createDomainDeps(config, {
    metrics,
    onJobDone: (kind, seconds) => metrics.observeJob(kind, seconds),
    log: (message, error) => log?.(message, error),
  });
  // Redis may be found unreachable before the app's logger exists: those lines wait for it.
  const limiterLog = deferredLogger();
  const rateLimiter = createRateLimiter(config, domain.store, {
    clustered: options.clustered,
    logger: limiterLog.logger,
  });
  const readiness = createReadiness();
  readiness.addCheck('database', () => domain.store.ping());
  if (config.redisUrl) readiness.addCheck('redis', () => rateLimiter.ping(), { servedWithout: true });
  metrics.setIndexCacheSource(() => domain.passageIndex.stats());
  metrics.setWebhookBacklogSource(() => domain.store.webhooks.countBacklog());
  metrics.registerQueueStats(() => domain.ingestion.stats());
  if (config.storage.kind === 'postgres') readiness.addCheck('queue', () => domain.ingestion.stats());
  const app = await buildApp({
    domain,
    rateLimiter,
    server: config.server,
    observability: { metrics, config: config.metrics, readiness },
  });
  // Background work runs in one process of a cluster (slot 0), not in every worker: it leases its
  // work, so more would be safe, but they would only poll the database more often.
  const background = config.server.workerSlot === 0;
  const webhooks =
    background && config.webhooks.worker ? createWebhookWorker(config, domain, app.log, undefined, metrics) : null;
  log = (message, error) => app.log.warn({ err: error }, message);
  limiterLog.attach(app.log);
  const renewals = background && config.credits.renewals ? createAllowanceWorker(config, domain, app.log) : null;
  const siteSyncs = background && config.sites.scheduler ? await createSitesWorker(config, domain, app.log) : null;
  const testRuns = background && config.evaluations.worker ? createTestRunWorker(config, domain, app.log) : null;
  const recounter = background ? createStorageRecounter(config, domain.store, app.log) : null;
  const termsUpgrade = background ? createTermsUpgrader(domain, app.log) : null;
  // Alone, this process serves the metrics port itself; in a cluster the primary does.
  const metricsServer =
    !options.clustered && config.metrics.enabled && config.metrics.port !== null
      ? await startMetricsServer(config.metrics, () => metrics.collect())
      : null;

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    // Work still running at the end of the grace period is stopped (503); this is the backstop.
    const forceAfterMs = config.server.shutdownGraceMs + 5_000;
    const force = setTimeout(() => {
      app.log.error(`shutdown did not finish within ${forceAfterMs / 1000} s; exiting`);
      process.exit(1);
    }, forceAfterMs);
    force.unref();
    try {
      // Side by side: requests get their grace period while webhook attempts in flight end within
      // their time-out (15 s by default).
      await Promise.all([
        app.closeGracefully(),
        webhooks?.stop(),
        renewals?.stop(),
        siteSyncs?.stop(),
        testRuns?.stop(),
        recounter?.stop(),
        termsUpgrade?.stop(),
        metricsServer?.close(),
      ]);
      await rateLimiter.close();
      await closeDomainDeps(domain);
      app.log.info('stopped');
      process.exitCode = 0;
      // A cluster worker's IPC channel would keep it alive.
      if (options.clustered) process.disconnect();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exitCode = 1;
      if (options.clustered) process.exit(1);
    }
  };
  // `on`, not `once`: a signal to the whole process group (systemd, Docker, Ctrl-C under npm) reaches
  // this process twice, directly and forwarded by npm, and a second one must not kill it mid-shutdown.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // Alone, before any request (a cluster's primary does it before forking its workers).
  if (!options.clustered) await recountStorageAtStart(config, domain.store, app.log);
  // This process's ingestion workers take jobs from every node (PostgreSQL; nothing to start on SQLite).
  await domain.ingestion.start();
  await app
    .listen({ host: config.server.host, port: config.server.port })
    .catch((error: unknown) => Promise.reject(listenFailure(error, config.server.host, config.server.port)));
  webhooks?.start();
  renewals?.start();
  siteSyncs?.start();
  testRuns?.start();
  recounter?.start();
  termsUpgrade?.start();
  const where = {
    storage: config.storage.kind,
    docs: '/docs',
    console: '/console/',
    ...(options.clustered && { worker: config.server.workerSlot }),
  };
  app.log.info(where, 'Colloquy is serving /api/v1 and the console');
}

/** A logger whose lines wait until `attach` names the one to write to. */
function deferredLogger(): { logger: RateLimiterLogger; attach(target: RateLimiterLogger): void } {
  let target: RateLimiterLogger | null = null;
  const early: Array<(logger: RateLimiterLogger) => void> = [];
  const line = (write: (logger: RateLimiterLogger) => void): void => {
    if (target) write(target);
    else early.push(write);
  };
  return {
    logger: {
      warn: (details, message) => line((logger) => logger.warn(details, message)),
      info: (details, message) => line((logger) => logger.info(details, message)),
    },
    attach(logger) {
      target = logger;
      for (const write of early.splice(0)) write(logger);
    },
  };
}
