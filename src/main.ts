// Composition root: config → adapters → app → listen; SIGTERM/SIGINT stop it gracefully.
import { ConfigError, loadConfig } from './config.ts';
import { closeDomainDeps, createAllowanceWorker, createDomainDeps, createRateLimiter, createSitesWorker, createWebhookWorker } from './compose.ts';
import { buildApp } from './http/build-app.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // The queue's background errors go to the server's log, which exists once the app is built.
  let log: ((message: string, error?: unknown) => void) | null = null;
  const domain = await createDomainDeps(config, { log: (message, error) => log?.(message, error) });
  const rateLimiter = createRateLimiter(config, domain.store);
  const app = await buildApp({ domain, rateLimiter, server: config.server });
  log = (message, error) => app.log.warn({ err: error }, message);
  const webhooks = config.webhooks.worker ? createWebhookWorker(config, domain, app.log) : null;
  const renewals = config.credits.renewals ? createAllowanceWorker(config, domain, app.log) : null;
  const siteSyncs = config.sites.scheduler ? createSitesWorker(config, domain, app.log) : null;

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
      await Promise.all([app.closeGracefully(), webhooks?.stop(), renewals?.stop(), siteSyncs?.stop()]);
      await rateLimiter.close();
      await closeDomainDeps(domain);
      app.log.info('stopped');
      process.exitCode = 0;
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exitCode = 1;
    }
  };
  // `on`, not `once`: a signal to the whole process group (systemd, Docker, Ctrl-C under npm) reaches
  // this process twice, directly and forwarded by npm, and a second one must not kill it mid-shutdown.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // This node's ingestion workers take jobs from every node (PostgreSQL; nothing to start on SQLite).
  await domain.ingestion.start();
  await app.listen({ host: config.server.host, port: config.server.port });
  webhooks?.start();
  renewals?.start();
  siteSyncs?.start();
  app.log.info({ storage: config.storage.kind, docs: '/docs', console: '/console/' }, 'Colloquy is serving /api/v1 and the console');
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`colloquy: cannot start: ${message}\n`);
  process.exit(1);
});
