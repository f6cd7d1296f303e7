// The one place that reads the environment and the config file. Everything else receives its slice.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism, totalmem } from 'node:os';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Static } from 'typebox';
import { PLAN_NAMES, type PlanName } from './ports/store.ts';
import type { CatalogConfig, ModelEntry, Plan } from './domain/models/catalog-types.ts';
import { DEFAULT_MODELS, DEFAULT_PLANS } from './config-defaults.ts';
import { isValidIpOrCidr } from './net/ip-allow-list.ts';
import {
  CreditsSchema,
  defaultsOf,
  ENVIRONMENT,
  ExtractionSchema,
  FileSchema,
  IngestionSchema,
  type LocalEmbeddingsSchema,
  LocalModerationSchema,
  MetricsSchema,
  ModelSchema,
  NetworkSchema,
  OpenAiEmbeddingsSchema,
  OpenAiModerationSchema,
  SearchSchema,
  ServerSchema,
  SitesSchema,
  EvaluationsSchema,
  WebhooksSchema,
  type FileConfig,
  type Resolved,
} from './config-schema.ts';

// The schema parses into the domain's type (a compile-time check).
type _ModelSchemaFits<T extends ModelEntry = Static<typeof ModelSchema>> = T;

const MODEL = defaultsOf(ModelSchema);
const OPENAI_EMBEDDINGS = defaultsOf(OpenAiEmbeddingsSchema);
const LOCAL_MODERATION = defaultsOf(LocalModerationSchema);
const OPENAI_MODERATION = defaultsOf(OpenAiModerationSchema);
const EXTRACTION = defaultsOf(ExtractionSchema);
const INGESTION = defaultsOf(IngestionSchema);
const NETWORK = defaultsOf(NetworkSchema);
const WEBHOOKS = defaultsOf(WebhooksSchema);
const CREDITS = defaultsOf(CreditsSchema);
const SITES = defaultsOf(SitesSchema);
const EVALUATIONS = defaultsOf(EvaluationsSchema);
const SERVER = defaultsOf(ServerSchema);
const METRICS = defaultsOf(MetricsSchema);
const SEARCH = defaultsOf(SearchSchema);

/** `extractive`: the built-in offline answerer; `openai`: any OpenAI-compatible Chat Completions endpoint. */
export const CHAT_PROVIDERS = ['extractive', 'openai'];

export type StorageConfig =
  { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string; dataDir: string };

/** A setting that names the variable holding a key resolves to the key itself (null: none set). */
type WithKey<T> = Omit<T, 'apiKeyEnv'> & { apiKey: string | null };

/** The pool that reads uploaded files (ingestion/extract): the section resolved; an idle thread
 * ends after idleMs, returning its memory. */
export type ExtractionSettings = Omit<Resolved<typeof ExtractionSchema>, 'maxHeapMegabytes'> & {
  maxHeapMb: number;
  idleMs: number;
};

/** The ingestion jobs on PostgreSQL (the distributed queue). */
export type DistributedQueueSettings = Resolved<typeof IngestionSchema>;

/** The file's section with HOST, PORT, WORKERS and LOG_LEVEL applied; workerSlot: this process's
 * place among the workers (0 when alone), slot 0 runs the background workers. */
export type ServerConfig = Omit<Resolved<typeof ServerSchema>, 'logLevel' | 'workers'> & {
  host: string;
  port: number;
  logLevel: string;
  workers: number;
  workerSlot: number;
};

/** Where /metrics is served: on the API's port (port null) or a port of its own; token: a bearer
 * token it then requires. */
export type MetricsConfig = Omit<Resolved<typeof MetricsSchema>, 'port' | 'tokenEnv'> & {
  port: number | null;
  token: string | null;
};

export type WebhookConfig = Resolved<typeof WebhooksSchema>;
export type CreditsConfig = Resolved<typeof CreditsSchema>;
export type SitesConfig = Resolved<typeof SitesSchema>;

/** compareEmbeddings: other embedding models a test run may be compared with, by model name. */
export type EvaluationsConfig = Omit<Resolved<typeof EvaluationsSchema>, 'compareEmbeddings'> & {
  compareEmbeddings: OpenAiEmbeddingsConfig[];
};

export type OpenAiEmbeddingsConfig = WithKey<Resolved<typeof OpenAiEmbeddingsSchema>>;
/** Local workers null: the embedder chooses (the cores, at most 4). */
export type EmbeddingsConfig =
  (Omit<Resolved<typeof LocalEmbeddingsSchema>, 'workers'> & { workers: number | null }) | OpenAiEmbeddingsConfig;

/** A catalog entry with what its provider needs to run: the key read from its variable (null when
 * the entry names none, or it is not set), defaults applied; price and name stay in the catalog. */
export type ChatModelConfig = Omit<Resolved<typeof ModelSchema>, 'name' | 'credits' | 'baseUrl' | 'apiKeyEnv'> & {
  baseUrl: string | null;
  apiKeyEnv: string | null;
  apiKey: string | null;
};

export type ModerationConfig =
  Resolved<typeof LocalModerationSchema> | WithKey<Resolved<typeof OpenAiModerationSchema>>;

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
  /** The config file read (absolute path), or null; and why that one: COLLOQUY_CONFIG, or the record
   * of the server on this DATA_DIR (the CLI, without COLLOQUY_CONFIG). */
  source: { file: string | null; from: 'env' | 'server' | 'none'; serverFile?: string | null };
}

/** The file in DATA_DIR where a starting server records which config file it read, so the CLI on
 * the same data finds the same configuration without being told. */
export const SERVER_CONFIG_RECORD = 'server-config.json';

/** Which config file to read: COLLOQUY_CONFIG, else (for the CLI) the one the server on this
 * DATA_DIR recorded at its start, else none. */
function configSource(env: NodeJS.ProcessEnv, dataDir: string, followServer: boolean): Config['source'] {
  let serverFile: string | null | undefined;
  if (followServer) {
    try {
      const record = JSON.parse(readFileSync(join(dataDir, SERVER_CONFIG_RECORD), 'utf8')) as { configFile?: unknown };
      serverFile = typeof record.configFile === 'string' ? record.configFile : null;
    } catch {
      serverFile = undefined; // no server has started on this DATA_DIR, or its record is unreadable
    }
  }
  const known = serverFile === undefined ? {} : { serverFile };
  if (env.COLLOQUY_CONFIG) return { file: resolve(env.COLLOQUY_CONFIG), from: 'env', ...known };
  if (serverFile) return { file: serverFile, from: 'server', ...known };
  return { file: null, from: 'none', ...known };
}

function chatModelConfigs(models: ModelEntry[], env: NodeJS.ProcessEnv): ChatModelConfig[] {
  return models.map((entry) => ({
    id: entry.id,
    provider: entry.provider,
    baseUrl: entry.baseUrl ?? null,
    apiKey: entry.apiKeyEnv ? (env[entry.apiKeyEnv] ?? null) : null,
    apiKeyEnv: entry.apiKeyEnv ?? null,
    model: entry.model ?? entry.id,
    timeoutMs: entry.timeoutMs ?? MODEL.timeoutMs,
    maxTokens: entry.maxTokens ?? MODEL.maxTokens,
    contextTokens: entry.contextTokens ?? MODEL.contextTokens,
  }));
}

function moderationConfig(file: FileConfig['moderation'], env: NodeJS.ProcessEnv): ModerationConfig {
  if (!file || file.provider !== 'openai')
    return {
      provider: file?.provider ?? 'local',
      timeoutMs: file?.timeoutMs ?? LOCAL_MODERATION.timeoutMs,
      strictness: file?.strictness ?? LOCAL_MODERATION.strictness,
      nonEnglish: file?.nonEnglish ?? LOCAL_MODERATION.nonEnglish,
    };
  const apiKey = file.apiKeyEnv ? (env[file.apiKeyEnv] ?? null) : null;
  if (file.apiKeyEnv && !apiKey)
    throw new ConfigError(`moderation.apiKeyEnv names ${file.apiKeyEnv}, which is not set`);
  return {
    provider: 'openai',
    baseUrl: file.baseUrl ?? OPENAI_MODERATION.baseUrl,
    apiKey,
    model: file.model ?? OPENAI_MODERATION.model,
    timeoutMs: file.timeoutMs ?? OPENAI_MODERATION.timeoutMs,
  };
}

/** The lease outlasts the time-out by this much, so a live worker always reports in time. */
const LEASE_MARGIN_MS = 30_000;

function webhookConfig(file: FileConfig['webhooks']): WebhookConfig {
  const timeoutMs = file?.timeoutMs ?? WEBHOOKS.timeoutMs;
  const leaseMs = file?.leaseMs ?? timeoutMs + LEASE_MARGIN_MS;
  if (leaseMs <= timeoutMs) throw new ConfigError('webhooks.leaseMs must be longer than webhooks.timeoutMs');
  return {
    worker: file?.worker ?? WEBHOOKS.worker,
    timeoutMs,
    leaseMs,
    concurrency: file?.concurrency ?? WEBHOOKS.concurrency,
    perEndpointConcurrency: file?.perEndpointConcurrency ?? WEBHOOKS.perEndpointConcurrency,
    pollIntervalMs: file?.pollIntervalMs ?? WEBHOOKS.pollIntervalMs,
  };
}

function creditsConfig(file: FileConfig['credits']): CreditsConfig {
  return {
    renewals: file?.renewals ?? CREDITS.renewals,
    renewalIntervalMs: file?.renewalIntervalMs ?? CREDITS.renewalIntervalMs,
  };
}

function sitesConfig(file: FileConfig['sites']): SitesConfig {
  return {
    scheduler: file?.scheduler ?? SITES.scheduler,
    pollIntervalMs: file?.pollIntervalMs ?? SITES.pollIntervalMs,
  };
}

function evaluationsConfig(file: FileConfig['evaluations'], env: NodeJS.ProcessEnv): EvaluationsConfig {
  const compareEmbeddings = (file?.compareEmbeddings ?? []).map((entry) =>
    openAiEmbeddingsConfig(entry, env, 'evaluations.compareEmbeddings'),
  );
  const names = compareEmbeddings.map((entry) => entry.model);
  if (new Set(names).size !== names.length) throw new ConfigError('evaluations.compareEmbeddings names a model twice');
  return {
    worker: file?.worker ?? EVALUATIONS.worker,
    pollIntervalMs: file?.pollIntervalMs ?? EVALUATIONS.pollIntervalMs,
    quietMs: file?.quietMs ?? EVALUATIONS.quietMs,
    maxWaitMs: file?.maxWaitMs ?? EVALUATIONS.maxWaitMs,
    compareEmbeddings,
  };
}

function openAiEmbeddingsConfig(
  file: Static<typeof OpenAiEmbeddingsSchema>,
  env: NodeJS.ProcessEnv,
  at: string,
): OpenAiEmbeddingsConfig {
  const apiKey = file.apiKeyEnv ? (env[file.apiKeyEnv] ?? null) : null;
  if (file.apiKeyEnv && !apiKey) throw new ConfigError(`${at}.apiKeyEnv names ${file.apiKeyEnv}, which is not set`);
  return {
    provider: 'openai',
    baseUrl: file.baseUrl,
    model: file.model,
    dimension: file.dimension,
    apiKey,
    batchSize: file.batchSize ?? OPENAI_EMBEDDINGS.batchSize,
    timeoutMs: file.timeoutMs ?? OPENAI_EMBEDDINGS.timeoutMs,
  };
}

/** In a cluster every HTTP worker is a process with an embedder of its own: by default one thread
 * each, so a node of one worker per core runs one model per core, not cores × min(4, cores)
 * (docs/research/2026-11-23-hot-path-search-index-ingestion-queue.md, "Ingestion queue across processes"). */
function embeddingsConfig(
  file: FileConfig['embeddings'],
  env: NodeJS.ProcessEnv,
  httpWorkers: number,
): EmbeddingsConfig {
  if (!file || file.provider === 'local')
    return { provider: 'local', workers: file?.workers ?? (httpWorkers > 1 ? 1 : null) };
  return openAiEmbeddingsConfig(file, env, 'embeddings');
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// Compiled on first use: a start or CLI command without a config file does not pay for it.
let validateFile: ValidateFunction<FileConfig> | undefined;

function readFileConfig(path: string): FileConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`COLLOQUY_CONFIG: cannot read ${path}: ${(error as Error).message}`);
  }
  validateFile ??= new Ajv({ allErrors: true, strict: false }).compile<FileConfig>(FileSchema);
  if (!validateFile(parsed)) {
    const problems = (validateFile.errors ?? []).map((e) => {
      const where = (e.instancePath || '/').slice(1).replaceAll('/', '.') || '(root)';
      const extra = e.params && 'additionalProperty' in e.params ? ` "${String(e.params.additionalProperty)}"` : '';
      return `${where}: ${e.message ?? 'invalid'}${extra}`;
    });
    throw new ConfigError(`COLLOQUY_CONFIG ${path} is invalid: ${problems.join('; ')}`);
  }
  return parsed;
}

function parsePort(text: string | undefined): number {
  if (text === undefined || text === '') return Number(ENVIRONMENT.PORT.default);
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${text}"`);
  return port;
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

/** The model catalog (the built-in entries, replaced or extended by the file's, by id) and the plans
 * (the file's fields over the defaults, "*" resolved), checked against each other. */
function resolveCatalog(file: FileConfig): CatalogConfig {
  const fileIds = new Set<string>();
  for (const model of file.models ?? []) {
    if (fileIds.has(model.id)) throw new ConfigError(`models: the id "${model.id}" appears twice`);
    fileIds.add(model.id);
  }
  const builtIn = file.defaultModels === false ? [] : DEFAULT_MODELS;
  const fileEntry = (id: string) => file.models?.find((model) => model.id === id);
  const models = [
    ...builtIn.map((model) => fileEntry(model.id) ?? model),
    ...(file.models ?? []).filter((model) => !builtIn.some((b) => b.id === model.id)),
  ];
  if (models.length === 0)
    throw new ConfigError('models: the catalog is empty (defaultModels is false and models lists nothing)');
  for (const model of models) {
    if (!CHAT_PROVIDERS.includes(model.provider))
      throw new ConfigError(
        `models: "${model.id}" names the provider "${model.provider}"; known providers are ${CHAT_PROVIDERS.join(', ')}`,
      );
    if (model.provider === 'openai' && !model.baseUrl)
      throw new ConfigError(`models: "${model.id}" (provider openai) needs a baseUrl`);
  }
  const ids = models.map((model) => model.id);
  const plans = {} as Record<PlanName, Plan>;
  for (const name of PLAN_NAMES) {
    const { models: listed, ...limits } = file.plans?.[name] ?? {};
    const planModels = listed === '*' ? ids : (listed ?? DEFAULT_PLANS[name].models);
    if (planModels.length === 0)
      throw new ConfigError(`plans.${name}.models must list at least one model (or be "*", every model)`);
    for (const id of planModels) {
      if (ids.includes(id)) continue;
      const hint =
        listed === undefined && file.defaultModels === false
          ? `; plans.${name}.models is the default list, which names built-in models: list this plan's models (or "*")`
          : '';
      throw new ConfigError(
        `plans.${name}.models names "${id}", which is not in models (the catalog has ${ids.join(', ')})${hint}`,
      );
    }
    plans[name] = { ...DEFAULT_PLANS[name], ...limits, models: planModels };
  }
  return { models, plans };
}

/** Builds the configuration from an environment (process.env by default) and its config file. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { followServer?: boolean } = {}): Config {
  const dataDir = resolve(env.DATA_DIR || ENVIRONMENT.DATA_DIR.default);
  const source = configSource(env, dataDir, options.followServer ?? false);
  const file = source.file ? readFileConfig(source.file) : {};
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
  const logLevel = env.LOG_LEVEL || file.server?.logLevel || SERVER.logLevel;
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
    redisUrl: env.REDIS_URL || null,
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

/** On PostgreSQL each process runs as many jobs as its embedder has workers (embedding is the slow
 * step): in a cluster, one per HTTP worker with the local model (one thread each by default). */
function ingestionSettings(file: FileConfig['ingestion'] = {}, embeddings: EmbeddingsConfig): DistributedQueueSettings {
  const embedderWorkers =
    (embeddings.provider === 'local' ? embeddings.workers : null) ?? Math.min(4, availableParallelism());
  return {
    workers: file.workers ?? embedderWorkers,
    parallelism: file.parallelism ?? INGESTION.parallelism,
    heartbeatSeconds: file.heartbeatSeconds ?? INGESTION.heartbeatSeconds,
    retryLimit: file.retryLimit ?? INGESTION.retryLimit,
    superviseSeconds: file.superviseSeconds ?? INGESTION.superviseSeconds,
    expireSeconds: file.expireSeconds ?? INGESTION.expireSeconds,
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
  if (!Number.isInteger(workers) || workers < 1 || workers > 256)
    throw new ConfigError(
      `WORKERS / server.workers must be "auto" or an integer from 1 to 256, got "${String(chosen)}"`,
    );
  return workers;
}

function metricsConfig(file: FileConfig['metrics'], env: NodeJS.ProcessEnv): MetricsConfig {
  const token = file?.tokenEnv ? (env[file.tokenEnv] ?? null) : null;
  if (file?.tokenEnv && !token) throw new ConfigError(`metrics.tokenEnv names ${file.tokenEnv}, which is not set`);
  return {
    enabled: file?.enabled ?? METRICS.enabled,
    port: file?.port ?? null,
    host: file?.host ?? METRICS.host,
    token,
  };
}

/**
 * The extraction pool's size: one thread per core, but no more than a quarter of the machine's
 * memory allows at each thread's heap cap (and at most 8); a queue of 8 uploads per thread.
 */
function extractionSettings(file: FileConfig['extraction'] = {}): ExtractionSettings {
  const maxHeapMb = file.maxHeapMegabytes ?? EXTRACTION.maxHeapMegabytes;
  const byMemory = Math.floor(totalmem() / 4 / (maxHeapMb * 1024 * 1024));
  const workers = file.workers ?? Math.max(1, Math.min(availableParallelism() - 1, byMemory, 8));
  return {
    workers,
    queue: file.queue ?? workers * 8,
    timeoutMs: file.timeoutMs ?? EXTRACTION.timeoutMs,
    maxHeapMb,
    idleMs: 10_000,
  };
}

const MASK = '********';
const SECRET_KEY = /^(apiKey|token|secret|password)$/i;

/** A URL with its password (if any) masked; other text unchanged. */
function maskUrl(text: string): string {
  try {
    const url = new URL(text);
    if (!url.password) return text;
    url.password = MASK;
    return url.toString();
  } catch {
    return text;
  }
}

/** The configuration as `config show` prints it: keys and tokens masked, URLs without passwords. */
export function printableConfig(config: Config): unknown {
  const mask = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return SECRET_KEY.test(key) ? MASK : /url$/i.test(key) ? maskUrl(value) : value;
    if (Array.isArray(value)) return value.map((item) => mask(item, key));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, k)]));
    return value;
  };
  return mask(config, '');
}
