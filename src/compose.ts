// Builds the adapters a configuration names. Shared by the server (main.ts), the CLI and tests. The
// store and the domain's dependencies are built in compose-domain.ts (all a CLI command loads); the
// rate limiter and the server's workers here.
import type { Config } from './config.ts';
import type { DomainDeps } from './domain/context.ts';
import type { RateLimiter, RateLimiterLogger } from './ports/rate-limiter.ts';
import type { Store } from './ports/store.ts';
import { createGuardedFetcher, outboundAddressPolicy } from './providers/http/guarded-fetcher.ts';
import { loadCrawlerLibraries } from './ingestion/crawl/site-crawler.ts';
import { createDeliveryWorker, type DeliveryWorker } from './workers/delivery-worker.ts';
import type { WorkerLogger } from './workers/worker-logger.ts';
import { createRenewalWorker, type RenewalWorker } from './workers/renewal-worker.ts';
import type { SiteSyncWorker } from './workers/site-sync-worker.ts';
import { createEvaluationWorker, type EvaluationWorker } from './workers/evaluation-worker.ts';
import {
  createTermsUpgradeWorker,
  type TermsUpgradeLogger,
  type TermsUpgradeWorker,
} from './workers/terms-upgrade-worker.ts';
import type { PostgresStore } from './storage/postgres/open-postgres.ts';
import { translateConnectionFailure } from './storage/postgres/guarded-pool.ts';
import {
  createClusterRateLimiter,
  createMemoryRateLimiter,
  createPostgresRateLimiter,
} from './rate-limit/flexible-rate-limiter.ts';
import type { ServiceMetrics } from './observability/service-metrics.ts';
import type { RateLimitDecision } from './ports/rate-limiter.ts';
import { loadEnglishWords } from './text/english-words.ts';
import { loadVectorLibraries } from './search-index/native-vector-math.ts';

export { closeDomainDeps, createDomainDeps, createEmbedder, missingDatabase, openStore } from './compose-domain.ts';

/** Redis when configured; else PostgreSQL when that is the store (several processes share it);
 * else, in a cluster worker, the primary's memory (node:cluster IPC); else this process's memory
 * (the single-process SQLite default). */
export function createRateLimiter(
  config: Config,
  store: Store,
  options: { clustered?: boolean; logger?: RateLimiterLogger } = {},
): RateLimiter {
  if (config.redisUrl) return redisRateLimiterLoadedApart(config.redisUrl, options.logger);
  if (store.dialect === 'postgres')
    return createPostgresRateLimiter((store as PostgresStore).pool, translateConnectionFailure);
  if (options.clustered) return createClusterRateLimiter();
  return createMemoryRateLimiter();
}

/** Redis (ioredis) loads when a rate limiter is made (the server, at start), not when compose.ts is
 * imported: the CLI, which never rate-limits, does not pay for it. Loading and connecting begin at
 * once, so the first requests find the connection made (not the per-process insurance count). */
function redisRateLimiterLoadedApart(redisUrl: string, logger?: RateLimiterLogger): RateLimiter {
  const limiter = import('./rate-limit/redis-rate-limiter.ts').then(({ createRedisRateLimiter }) =>
    createRedisRateLimiter(redisUrl, undefined, logger),
  );
  const load = () => limiter;
  return {
    consume: async (accountId, requestsPerMinute): Promise<RateLimitDecision> =>
      (await load()).consume(accountId, requestsPerMinute),
    ping: async () => (await load()).ping(),
    close: async () => (await limiter).close(),
  };
}

/** Stops the start when REDIS_URL names a database its server does not have (ioredis loads only then). */
export const checkRedisDatabase = async (config: Config): Promise<void> =>
  config.redisUrl ? (await import('./rate-limit/redis-database.ts')).checkRedisDatabase(config.redisUrl) : undefined;

/** The webhook delivery worker of this process, sending through the SSRF-guarded fetcher. */
export function createWebhookWorker(
  config: Config,
  domain: DomainDeps,
  logger?: WorkerLogger,
  random?: () => number,
  metrics?: ServiceMetrics,
): DeliveryWorker {
  const fetcher = createGuardedFetcher(outboundAddressPolicy(config.network));
  const onAttempt = metrics && ((outcome: 'succeeded' | 'pending' | 'failed') => metrics.webhookAttempt(outcome));
  const worker = createDeliveryWorker(
    { store: domain.store, clock: domain.clock, ids: domain.ids, fetcher, logger, random, onAttempt },
    config.webhooks,
  );
  return {
    ...worker,
    stop: async () => {
      await worker.stop();
      await fetcher.close();
    },
  };
}

/** The monthly allowance renewal worker of this process. */
export function createAllowanceWorker(config: Config, domain: DomainDeps, logger?: WorkerLogger): RenewalWorker {
  return createRenewalWorker(
    { store: domain.store, clock: domain.clock, ids: domain.ids, catalog: domain.catalog, logger },
    config.credits,
  );
}

/** The scheduled site re-sync worker of this process (the crawler loads with it, not at import). */
export async function createSitesWorker(
  config: Config,
  domain: DomainDeps,
  logger?: WorkerLogger,
): Promise<SiteSyncWorker> {
  const { createSiteSyncWorker } = await import('./workers/site-sync-worker.ts');
  return createSiteSyncWorker({ ...domain, logger }, config.sites);
}

/** The worker that runs test questions after knowledge changes, and queued test runs. */
export function createTestRunWorker(config: Config, domain: DomainDeps, logger?: WorkerLogger): EvaluationWorker {
  return createEvaluationWorker({ ...domain, logger }, config.evaluations);
}

/** The worker that re-analyses passages whose search terms an older release made. */
export function createTermsUpgrader(domain: DomainDeps, logger?: TermsUpgradeLogger): TermsUpgradeWorker {
  return createTermsUpgradeWorker({ store: domain.store, logger });
}

/** The storage recount (see workers/recount-storage.ts), started by the server. */
export { createStorageRecounter, recountStorageAtStart } from './workers/recount-storage.ts';

/** What a server loads before anything else, and a CLI command never: the crawler's libraries,
 * search's English word list and native vector libraries (so no first crawl or search waits for them). */
export async function loadServerLibraries(): Promise<void> {
  await loadCrawlerLibraries();
  loadEnglishWords();
  loadVectorLibraries();
}
