// The one place that reads the environment and the config file. Everything else receives its slice.
// The sections are resolved in config-sections.ts, the catalog in config-catalog.ts, the file read
// in config-file.ts; the types are derived from the schema (config-schema.ts).
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import type { CatalogConfig } from './domain/models/catalog-types.ts';
import { isValidIpOrCidr } from './net/ip-allow-list.ts';
import { defaultsOf, NetworkSchema, SearchSchema, ServerSchema } from './config-json-schema.ts';
import type { Resolved } from './config-schema.ts';
import { ENVIRONMENT, LOG_LEVELS } from './config-environment.ts';
import { ConfigError } from './config-error.ts';
import { configFileLabel, configSource, readFileConfig, type ConfigSource } from './config-file.ts';
import { resolveCatalog } from './config-catalog.ts';
import {
  chatModelConfigs,
  creditsConfig,
  embeddingsConfig,
  evaluationsConfig,
  extractionSettings,
  ingestionSettings,
  metricsConfig,
  moderationConfig,
  sitesConfig,
  webhookConfig,
  type ChatModelConfig,
  type CreditsConfig,
  type DistributedQueueSettings,
  type EmbeddingsConfig,
  type EvaluationsConfig,
  type ExtractionSettings,
  type MetricsConfig,
  type ModerationConfig,
  type SitesConfig,
  type WebhookConfig,
} from './config-sections.ts';

export { ConfigError } from './config-error.ts';
export type {
  ChatModelConfig,
  CreditsConfig,
  DistributedQueueSettings,
  EmbeddingsConfig,
  EvaluationsConfig,
  ExtractionSettings,
  MetricsConfig,
  ModerationConfig,
  OpenAiEmbeddingsConfig,
  SitesConfig,
  WebhookConfig,
} from './config-sections.ts';

const NETWORK = defaultsOf(NetworkSchema);
const SERVER = defaultsOf(ServerSchema);
const SEARCH = defaultsOf(SearchSchema);

export type StorageConfig =
  { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string; dataDir: string };

/** The file's section with HOST, PORT, WORKERS and LOG_LEVEL applied; workerSlot: this process's
 * place among the workers (0 when alone), slot 0 runs the background workers. */
export type ServerConfig = Omit<Resolved<typeof ServerSchema>, 'logLevel' | 'workers'> & {
  host: string;
  port: number;
  logLevel: string;
  workers: number;
  workerSlot: number;
};

export interface Config {
  server: ServerConfig;
  metrics: MetricsConfig;
  storage: StorageConfig;
  redisUrl: string | null;
  catalog: CatalogConfig;
  network: Resolved<typeof NetworkSchema>;
  webhooks: WebhookConfig;
  credits: CreditsConfig;
  sites: SitesConfig;
  evaluations: EvaluationsConfig;
  embeddings: EmbeddingsConfig;
  /** search.cacheMegabytes in bytes. */
  search: { cacheBytes: number };
  extraction: ExtractionSettings;
  ingestion: DistributedQueueSettings;
  /** How each catalog model is reached, by model id. */
  chatModels: ChatModelConfig[];
  moderation: ModerationConfig;
  source: ConfigSource;
}

function parsePort(text: string | undefined): number {
  if (text === undefined || text === '') return Number(ENVIRONMENT.PORT.default);
  // Decimal digits only: Number() would read "0x50" as 80 and "1e3" as 1000.
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${text}"`);
  return port;
}

/** LOG_LEVEL, checked here as server.logLevel is by the schema: pino would otherwise stop the
 * start with a stack trace from its internals. */
function parseLogLevel(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  if (!(LOG_LEVELS as readonly string[]).includes(text))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${text}"`);
  return text;
}

/** Set by the cluster primary for each worker it forks (0 when unset: a process alone). */
function parseWorkerSlot(text: string | undefined): number {
  if (text === undefined || text === '') return 0;
  const slot = Number(text);
  if (!/^\d+$/.test(text) || slot > 255)
    throw new ConfigError(`COLLOQUY_WORKER_SLOT must be an integer from 0 to 255, got "${text}"`);
  return slot;
}

function parseDatabaseUrl(text: string | undefined): string | null {
  if (!text) return null;
  if (!/^postgres(ql)?:\/\//.test(text))
    throw new ConfigError(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)',
    );
  return text;
}

/** ioredis reads other strings too (a bare `host:port`, an `http://` URL) as some other address, so
 * a typo would count in memory for good: only its URL forms are taken. */
function parseRedisUrl(text: string | undefined): string | null {
  if (!text) return null;
  if (!/^rediss?:\/\/./.test(text))
    throw new ConfigError(
      'REDIS_URL must be a redis:// or rediss:// URL (leave it unset to count rate limits without Redis)',
    );
  // ioredis would SELECT NaN for `/abc` and fail later, obscurely.
  const path = new URL(text).pathname;
  if (path !== '' && path !== '/' && !/^\/\d+$/.test(path))
    throw new ConfigError(
      `REDIS_URL's path names the Redis database by its number (redis://host:6379/0, or no path for 0); "${path}" is not one`,
    );
  return text;
}

/** Builds the configuration from an environment (process.env by default) and its config file. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { followServer?: boolean } = {}): Config {
  const dataDir = resolve(env.DATA_DIR || ENVIRONMENT.DATA_DIR.default);
  const source = configSource(env, dataDir, options.followServer ?? false);
  const file = source.file ? readFileConfig(source.file, configFileLabel(source, dataDir)) : {};
  const { models, plans } = resolveCatalog(file);

  const badProxies = (file.server?.trustedProxies ?? []).filter((entry) => !isValidIpOrCidr(entry));
  if (badProxies.length > 0)
    throw new ConfigError(
      `server.trustedProxies: ${badProxies.map((e) => `"${e}"`).join(', ')} is not an IP address or CIDR range`,
    );

  const badAddresses = (file.network?.allowedAddresses ?? []).filter((entry) => !isValidIpOrCidr(entry));
  if (badAddresses.length > 0)
    throw new ConfigError(
      `network.allowedAddresses: ${badAddresses.map((e) => `"${e}"`).join(', ')} is not an IP address or CIDR range`,
    );

  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  const logLevel = parseLogLevel(env.LOG_LEVEL) ?? file.server?.logLevel ?? SERVER.logLevel;
  const httpWorkers = resolveWorkers(env.WORKERS || file.server?.workers, databaseUrl !== null);
  const embeddings = embeddingsConfig(file.embeddings, env, httpWorkers);
  return {
    server: {
      host: env.HOST || ENVIRONMENT.HOST.default,
      port: parsePort(env.PORT),
      bodyLimit: file.server?.bodyLimit ?? SERVER.bodyLimit,
      trustedProxies: file.server?.trustedProxies ?? [...SERVER.trustedProxies],
      logLevel,
      shutdownGraceMs: file.server?.shutdownGraceMs ?? SERVER.shutdownGraceMs,
      workers: httpWorkers,
      workerSlot: parseWorkerSlot(env.COLLOQUY_WORKER_SLOT),
    },
    metrics: metricsConfig(file.metrics, env),
    storage: databaseUrl ? { kind: 'postgres', databaseUrl, dataDir } : { kind: 'sqlite', dataDir },
    redisUrl: parseRedisUrl(env.REDIS_URL),
    catalog: { plans, models },
    network: {
      allowPrivateAddresses: file.network?.allowPrivateAddresses ?? NETWORK.allowPrivateAddresses,
      allowedAddresses: file.network?.allowedAddresses ?? [...NETWORK.allowedAddresses],
    },
    webhooks: webhookConfig(file.webhooks),
    credits: creditsConfig(file.credits),
    sites: sitesConfig(file.sites),
    evaluations: evaluationsConfig(file.evaluations, env),
    embeddings,
    search: { cacheBytes: (file.search?.cacheMegabytes ?? SEARCH.cacheMegabytes) * 1024 * 1024 },
    extraction: extractionSettings(file.extraction),
    ingestion: ingestionSettings(file.ingestion, embeddings),
    chatModels: chatModelConfigs(models, env),
    moderation: moderationConfig(file.moderation, env),
    source,
  };
}

/**
 * How many HTTP workers: "auto" is one per core. The default is "auto" on PostgreSQL and 1 on
 * SQLite, where one process measured faster than several (one writer; docs/research/2026-11-28-operations-measurements.md).
 */
function resolveWorkers(value: number | string | undefined, postgres: boolean): number {
  const chosen = value ?? (postgres ? 'auto' : 1);
  if (chosen === 'auto') return availableParallelism();
  const workers = Number(chosen);
  if (!/^\d+$/.test(String(chosen)) || workers < 1 || workers > 256)
    throw new ConfigError(
      `WORKERS / server.workers must be "auto" or an integer from 1 to 256, got "${String(chosen)}"`,
    );
  return workers;
}
