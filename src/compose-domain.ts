// What every process builds from a configuration: the store and the domain's dependencies. The
// server adds its rate limiter and workers (compose.ts); a CLI command needs only this, and so loads
// none of theirs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';
import type { DomainDeps } from './domain/context.ts';
import { systemClock, type Clock } from './ports/clock.ts';
import type { Store } from './ports/store.ts';
import type { EmbeddingProvider } from './ports/embedding-provider.ts';
import { createLocalEmbedder, LOCAL_EMBEDDING_MODEL } from './providers/embedding/local-embedder.ts';
import { createOpenAiEmbedder } from './providers/embedding/openai-embedder.ts';
import { createGuardedFetcher, outboundAddressPolicy } from './providers/http/guarded-fetcher.ts';
import { createSiteCrawler } from './ingestion/crawl/site-crawler.ts';
import type { IngestHandlers, IngestionQueue, OnJobDone } from './ports/ingestion-queue.ts';
import type { IngestDeps, PreparedSource } from './domain/knowledge/store-source.ts';
import { createInProcessQueue } from './jobs/in-process-queue.ts';
import { createExtractionPool } from './ingestion/extract/extraction-pool.ts';
import { createPassageIndex } from './search-index/passage-index.ts';
import { createScratchIndexes } from './search-index/scratch-indexes.ts';
import { createChatModels } from './providers/llm/chat-models.ts';
import { createModerator } from './providers/moderation/create-moderator.ts';
import { createUlidIds } from './providers/ids/ulid-ids.ts';
import { createScryptPasswordHasher } from './providers/crypto/scrypt-password-hasher.ts';
import { createTargetCheck } from './providers/http/target-check.ts';
import { openSqliteStore, SQLITE_FILE_NAME } from './storage/sqlite/open-sqlite.ts';
import { createPollingConversationFeed } from './storage/polling-conversation-feed.ts';
import type { ConversationFeed } from './ports/conversation-feed.ts';
import type { PostgresStore } from './storage/postgres/open-postgres.ts';
import type { ServiceMetrics } from './observability/service-metrics.ts';
import { instrumentEmbedder } from './observability/instrument-embedder.ts';

/** The SQLite file the store would make, when it does not exist yet (null on PostgreSQL, or when it
 * does): a CLI command meant for an existing install refuses to make one in the wrong folder. */
export function missingDatabase(config: Config): string | null {
  if (config.storage.kind !== 'sqlite') return null;
  const file = join(config.storage.dataDir, SQLITE_FILE_NAME);
  return existsSync(file) ? null : file;
}

export async function openStore(config: Config): Promise<Store> {
  if (config.storage.kind === 'sqlite') return openSqliteStore(config.storage.dataDir);
  // pg loads only for PostgreSQL: a SQLite server or CLI command starts without it.
  const { openPostgresStore } = await import('./storage/postgres/open-postgres.ts');
  return openPostgresStore(config.storage.databaseUrl);
}

export function createEmbedder(config: Config['embeddings']): EmbeddingProvider {
  return config.provider === 'openai'
    ? createOpenAiEmbedder(config)
    : createLocalEmbedder({ workers: config.workers ?? undefined });
}

export async function createDomainDeps(
  config: Config,
  options: {
    clock?: Clock;
    embedder?: EmbeddingProvider;
    metrics?: ServiceMetrics;
    onJobDone?: OnJobDone;
    log?: (message: string, error?: unknown) => void;
  } = {},
): Promise<DomainDeps> {
  const ids = createUlidIds();
  const plainEmbedder = options.embedder ?? createEmbedder(config.embeddings);
  const embedder = options.metrics ? instrumentEmbedder(plainEmbedder, options.metrics) : plainEmbedder;
  const store = await openStore(config);
  const deps = {
    store,
    clock: options.clock ?? systemClock,
    ids,
    catalog: config.catalog,
    embedder,
    extractor: createExtractionPool(config.extraction),
    crawler: createSiteCrawler(createGuardedFetcher(outboundAddressPolicy(config.network))),
    passageIndex: createPassageIndex({ chunks: store.chunks, maxBytes: config.search.cacheBytes }),
    comparison: {
      embedders: new Map(
        config.evaluations.compareEmbeddings.map((entry) => [entry.model, createOpenAiEmbedder(entry)]),
      ),
      scratchIndex: createScratchIndexes({ keep: KEPT_SCRATCH_INDEXES, maxBytes: config.search.cacheBytes }),
    },
    targetCheck: createTargetCheck(outboundAddressPolicy(config.network)),
    chatModels: createChatModels(config.chatModels, ids, options.log),
    // The moderator embeds in a lane of its own, unless a test hands in a USE-lite embedder (a fake at the edge).
    moderator: createModerator(
      config.moderation,
      options.embedder?.model === LOCAL_EMBEDDING_MODEL ? options.embedder : undefined,
    ),
    passwords: createScryptPasswordHasher(),
    conversationFeed: await createConversationFeed(config),
  };
  return { ...deps, ingestion: createIngestionQueue(config, deps, options) };
}

/** How often a follower reads the store: on SQLite the only way to see a change; on PostgreSQL the
 * fallback behind LISTEN/NOTIFY. */
const SQLITE_FOLLOW_POLL_MS = 500;

/** Comparison runs' scratch indexes kept for a second run (agent, model, knowledge version). */
const KEPT_SCRATCH_INDEXES = 4;
const POSTGRES_FOLLOW_POLL_MS = 5_000;

async function createConversationFeed(config: Config): Promise<ConversationFeed> {
  if (config.storage.kind === 'sqlite') return createPollingConversationFeed(SQLITE_FOLLOW_POLL_MS);
  const { createPostgresConversationFeed } = await import('./storage/postgres/conversation-feed.ts');
  return createPostgresConversationFeed(config.storage.databaseUrl, POSTGRES_FOLLOW_POLL_MS);
}

/** The ingestion work (extraction, chunking, embedding: the heaviest modules) loads with the first
 * job, not at start: most CLI commands never index anything. */
function ingestHandlersOnFirstUse(deps: IngestDeps): IngestHandlers<PreparedSource> {
  let handlers: Promise<IngestHandlers<PreparedSource>> | undefined;
  const load = () =>
    (handlers ??= import('./domain/knowledge/ingest-job.ts').then(({ createIngestHandlers }) =>
      createIngestHandlers(deps),
    ));
  return {
    reserve: async (tx, job) => (await load()).reserve(tx, job),
    release: async (tx, job) => (await load()).release(tx, job),
    prepare: async (job, signal) => (await load()).prepare(job, signal),
    store: async (tx, job, prepared) => (await load()).store(tx, job, prepared),
  };
}

/** Ingestion jobs on pg-boss, consumed by every node, on PostgreSQL; in this process on SQLite.
 * pg-boss loads when the queue is first used (the server starts it at once; the CLI rarely does). */
function createIngestionQueue(
  config: Config,
  deps: IngestDeps & Pick<DomainDeps, 'store'>,
  options: { onJobDone?: OnJobDone; log?: (message: string, error?: unknown) => void },
): IngestionQueue {
  const handlers = ingestHandlersOnFirstUse(deps);
  if (config.storage.kind === 'sqlite')
    return createInProcessQueue({
      store: deps.store,
      handlers,
      parallelism: IN_PROCESS_PAGES_IN_FLIGHT,
      onJobDone: options.onJobDone,
    });
  const { databaseUrl } = config.storage;
  const log =
    options.log ??
    ((message: string, error?: unknown) =>
      process.stderr.write(`${message}: ${error instanceof Error ? error.message : String(error ?? '')}\n`));
  let queue: Promise<IngestionQueue> | undefined;
  const load = () =>
    (queue ??= import('./jobs/pg-boss-queue.ts').then(({ createPgBossQueue }) =>
      createPgBossQueue({
        databaseUrl,
        database: (deps.store as PostgresStore).transactional,
        settings: config.ingestion,
        handlers,
        now: () => deps.clock.now(),
        log,
        onJobDone: options.onJobDone,
      }),
    ));
  return {
    parallelism: config.ingestion.parallelism,
    run: async (job, signal) => (await load()).run(job, signal),
    start: async () => (await load()).start(),
    stats: async () => (await load()).stats(),
    close: async () => {
      if (queue) await (await queue).close();
    },
  };
}

/** On one node a crawl keeps two pages embedding: the embedder's workers, about. */
const IN_PROCESS_PAGES_IN_FLIGHT = 2;

/** Closes what createDomainDeps opened. */
export async function closeDomainDeps(deps: DomainDeps): Promise<void> {
  // The queue first: jobs running here finish while the store is still open.
  await deps.ingestion.close();
  await Promise.all([
    deps.store.close(),
    deps.conversationFeed.close(),
    deps.embedder.close(),
    ...[...deps.comparison.embedders.values()].map((embedder) => embedder.close()),
    deps.crawler.close(),
    deps.extractor.close(),
    deps.moderator.close?.(),
  ]);
}
