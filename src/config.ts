// The one place that reads the environment and the config file. Everything else receives its slice.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism, totalmem } from 'node:os';
import { Ajv, type ValidateFunction } from 'ajv';
import Type, { type Static } from 'typebox';
import { PLAN_NAMES, type PlanName } from './ports/store.ts';
import { isValidIpOrCidr } from './domain/keys/ip-allow-list.ts';
import type { ExtractionSettings } from './ingestion/extract/extraction-pool.ts';
import type { DistributedQueueSettings } from './ingestion/queue/pg-boss-queue.ts';

const PlanLimits = {
  requestsPerMinute: Type.Integer({ minimum: 1 }),
  /** Characters of text plus bytes of files, per agent. */
  storageLimit: Type.Integer({ minimum: 0 }),
  crawlPageLimit: Type.Integer({ minimum: 0 }),
  /** The monthly allowance: granted when an account on this plan is created, and on each monthly
   * anniversary the balance is raised to it if below. */
  monthlyCredits: Type.Number({ minimum: 0 }),
};
/** A plan in the file: any of its fields; `models` may be "*", every model of the catalog. */
const FilePlanSchema = Type.Partial(
  Type.Object({ ...PlanLimits, models: Type.Union([Type.Literal('*'), Type.Array(Type.String({ minLength: 1 }))]) }, { additionalProperties: false }),
);
/** A plan as the server uses it: "*" already resolved into the catalog's ids. */
export interface Plan {
  requestsPerMinute: number;
  storageLimit: number;
  crawlPageLimit: number;
  monthlyCredits: number;
  models: string[];
}

const ModelSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.Optional(Type.String()),
    provider: Type.String({ minLength: 1 }),
    baseUrl: Type.Optional(Type.String({ minLength: 1 })),
    apiKeyEnv: Type.Optional(Type.String({ minLength: 1 })),
    model: Type.Optional(Type.String({ minLength: 1 })),
    credits: Type.Number({ minimum: 0 }),
    /** Longest wait for the model's first byte, and between two parts of its stream. */
    timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 600_000 })),
    /** Upper bound on a reply's tokens. */
    maxTokens: Type.Optional(Type.Integer({ minimum: 1, maximum: 200_000 })),
    /** The model's context window: instructions, passages, history and the reply must fit in it. */
    contextTokens: Type.Optional(Type.Integer({ minimum: 1_024, maximum: 10_000_000 })),
  },
  { additionalProperties: false },
);
export type ModelEntry = Static<typeof ModelSchema>;

const FileSchema = Type.Object(
  {
    plans: Type.Optional(Type.Partial(Type.Object({ free: FilePlanSchema, starter: FilePlanSchema, pro: FilePlanSchema, business: FilePlanSchema }), { additionalProperties: false })),
    /** Merged with the built-in models by id: an entry with a built-in id replaces that entry, others are added. */
    models: Type.Optional(Type.Array(ModelSchema, { minItems: 1 })),
    /** false: the catalog is exactly `models`, without the built-in entries. */
    defaultModels: Type.Optional(Type.Boolean()),
    embeddings: Type.Optional(
      Type.Union([
        Type.Object({ provider: Type.Literal('local'), workers: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })) }, { additionalProperties: false }),
        Type.Object(
          {
            provider: Type.Literal('openai'),
            baseUrl: Type.String({ minLength: 1 }),
            model: Type.String({ minLength: 1 }),
            dimension: Type.Integer({ minimum: 1, maximum: 8192 }),
            apiKeyEnv: Type.Optional(Type.String({ minLength: 1 })),
            batchSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 2048 })),
            timeoutMs: Type.Optional(Type.Integer({ minimum: 100 })),
          },
          { additionalProperties: false },
        ),
      ]),
    ),
    search: Type.Optional(Type.Object({ cacheMegabytes: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false })),
    extraction: Type.Optional(
      Type.Object(
        {
          workers: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
          queue: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
          timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 600_000 })),
          maxHeapMegabytes: Type.Optional(Type.Integer({ minimum: 64, maximum: 16_384 })),
        },
        { additionalProperties: false },
      ),
    ),
    /** File and crawl indexing jobs; on PostgreSQL they run on pg-boss across every node. */
    ingestion: Type.Optional(
      Type.Object(
        {
          /** Jobs this node runs at once (PostgreSQL); 0: it only queues jobs, other nodes run them. */
          workers: Type.Optional(Type.Integer({ minimum: 0, maximum: 64 })),
          /** Pages one crawl keeps in flight. */
          parallelism: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
          /** A job whose node stops sending heartbeats this long (killed) is retried on another. */
          heartbeatSeconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 3_600 })),
          retryLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
          /** How often pg-boss looks for lost nodes' jobs. */
          superviseSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
          /** The longest one attempt of a job may run. */
          expireSeconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 86_400 })),
        },
        { additionalProperties: false },
      ),
    ),
    moderation: Type.Optional(
      Type.Union([
        Type.Object(
          {
            provider: Type.Union([Type.Literal('local'), Type.Literal('none')]),
            timeoutMs: Type.Optional(Type.Integer({ minimum: 10, maximum: 60_000 })),
            strictness: Type.Optional(Type.Union([Type.Literal('strict'), Type.Literal('balanced'), Type.Literal('lenient')])),
            nonEnglish: Type.Optional(Type.Union([Type.Literal('check'), Type.Literal('unavailable')])),
          },
          { additionalProperties: false },
        ),
        Type.Object(
          {
            provider: Type.Literal('openai'),
            baseUrl: Type.Optional(Type.String({ minLength: 1 })),
            apiKeyEnv: Type.Optional(Type.String({ minLength: 1 })),
            model: Type.Optional(Type.String({ minLength: 1 })),
            timeoutMs: Type.Optional(Type.Integer({ minimum: 10, maximum: 60_000 })),
          },
          { additionalProperties: false },
        ),
      ]),
    ),
    network: Type.Optional(
      Type.Object(
        {
          allowPrivateAddresses: Type.Optional(Type.Boolean()),
          /** Private addresses or CIDR ranges the crawler and webhooks may still reach (an intranet site). */
          allowedAddresses: Type.Optional(Type.Array(Type.String())),
        },
        { additionalProperties: false },
      ),
    ),
    webhooks: Type.Optional(
      Type.Object(
        {
          timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 60_000 })),
          leaseMs: Type.Optional(Type.Integer({ minimum: 1_000 })),
          concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000 })),
          perEndpointConcurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000 })),
          pollIntervalMs: Type.Optional(Type.Integer({ minimum: 10, maximum: 60_000 })),
          /** false: this process serves HTTP only and another one delivers. */
          worker: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    credits: Type.Optional(
      Type.Object(
        {
          /** false: this process does not renew monthly allowances (another one does). */
          renewals: Type.Optional(Type.Boolean()),
          /** How often the renewal worker looks for accounts whose allowance is due. */
          renewalIntervalMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 3_600_000 })),
        },
        { additionalProperties: false },
      ),
    ),
    sites: Type.Optional(
      Type.Object(
        {
          /** false: this process runs no scheduled site re-syncs (another one does). */
          scheduler: Type.Optional(Type.Boolean()),
          /** How often the scheduler looks for sites whose re-sync is due. */
          pollIntervalMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 3_600_000 })),
        },
        { additionalProperties: false },
      ),
    ),
    server: Type.Optional(
      Type.Object(
        {
          /** Proxies whose X-Forwarded-For is believed: IPs or CIDR ranges. Empty: none. */
          trustedProxies: Type.Optional(Type.Array(Type.String())),
          bodyLimit: Type.Optional(Type.Integer({ minimum: 1024 })),
          /** How long SIGTERM waits for requests in flight before their work is stopped. */
          shutdownGraceMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 600_000 })),
          logLevel: Type.Optional(Type.Union([Type.Literal('fatal'), Type.Literal('error'), Type.Literal('warn'), Type.Literal('info'), Type.Literal('debug'), Type.Literal('trace'), Type.Literal('silent')])),
          /** HTTP worker processes: a number, or "auto" (one per core). 1: a single process, no cluster. */
          workers: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 256 }), Type.Literal('auto')])),
        },
        { additionalProperties: false },
      ),
    ),
    metrics: Type.Optional(
      Type.Object(
        {
          /** false: no /metrics at all (/healthz and /readyz stay). */
          enabled: Type.Optional(Type.Boolean()),
          /** Serve /metrics on this port only (not on the API's port). */
          port: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
          host: Type.Optional(Type.String({ minLength: 1 })),
          /** Names the variable holding a bearer token that /metrics then requires. */
          tokenEnv: Type.Optional(Type.String({ minLength: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
type FileConfig = Static<typeof FileSchema>;

/** `extractive`: the built-in offline answerer; `openai`: any OpenAI-compatible Chat Completions endpoint. */
export const CHAT_PROVIDERS = ['extractive', 'openai'];

export const DEFAULT_MODELS: ModelEntry[] = [
  { id: 'colloquy-extractive', name: 'Colloquy extractive (offline)', provider: 'extractive', credits: 1 },
  { id: 'gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai', baseUrl: 'https://api.openai.com/v1', apiKeyEnv: 'OPENAI_API_KEY', model: 'gpt-4o-mini', credits: 2 },
  { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', baseUrl: 'https://api.openai.com/v1', apiKeyEnv: 'OPENAI_API_KEY', model: 'gpt-4o', credits: 10 },
];

export const DEFAULT_PLANS: Record<PlanName, Plan> = {
  free: { requestsPerMinute: 10, storageLimit: 400_000, crawlPageLimit: 20, monthlyCredits: 100, models: ['colloquy-extractive'] },
  starter: { requestsPerMinute: 60, storageLimit: 2_000_000, crawlPageLimit: 200, monthlyCredits: 2_000, models: ['colloquy-extractive', 'gpt-4o-mini'] },
  pro: { requestsPerMinute: 300, storageLimit: 10_000_000, crawlPageLimit: 1_000, monthlyCredits: 10_000, models: ['colloquy-extractive', 'gpt-4o-mini', 'gpt-4o'] },
  business: { requestsPerMinute: 1_000, storageLimit: 50_000_000, crawlPageLimit: 5_000, monthlyCredits: 50_000, models: ['colloquy-extractive', 'gpt-4o-mini', 'gpt-4o'] },
};

export type StorageConfig = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string; dataDir: string };

export interface CatalogConfig {
  plans: Record<PlanName, Plan>;
  models: ModelEntry[];
}

export interface ServerConfig {
  host: string;
  port: number;
  bodyLimit: number;
  trustedProxies: string[];
  logLevel: string;
  shutdownGraceMs: number;
  /** HTTP worker processes (node:cluster); 1: this process serves alone. */
  workers: number;
  /** This process's place among the workers (0 when alone): slot 0 runs the background workers. */
  workerSlot: number;
}

/** Where /metrics is served: on the API's port (port null) or a port of its own; token: a bearer
 * token it then requires. */
export interface MetricsConfig {
  enabled: boolean;
  port: number | null;
  host: string;
  token: string | null;
}

export interface Config {
  server: ServerConfig;
  metrics: MetricsConfig;
  storage: StorageConfig;
  redisUrl: string | null;
  catalog: CatalogConfig;
  network: { allowPrivateAddresses: boolean; allowedAddresses: string[] };
  webhooks: WebhookConfig;
  credits: CreditsConfig;
  sites: SitesConfig;
  embeddings: EmbeddingsConfig;
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

/** A catalog entry with what its provider needs to run: the key read from its variable, defaults applied. */
export interface ChatModelConfig {
  id: string;
  provider: string;
  baseUrl: string | null;
  /** Null when the entry names no variable, or the variable is not set. */
  apiKey: string | null;
  apiKeyEnv: string | null;
  model: string;
  timeoutMs: number;
  maxTokens: number;
  contextTokens: number;
}

export type ModerationConfig =
  | {
      provider: 'local' | 'none';
      timeoutMs: number;
      /** Local only: which of the classifier's thresholds (docs/moderation.md). */
      strictness: 'strict' | 'balanced' | 'lenient';
      /** Local only: a message not in English is checked all the same, or refused with 503. */
      nonEnglish: 'check' | 'unavailable';
    }
  | { provider: 'openai'; baseUrl: string; apiKey: string | null; model: string; timeoutMs: number };

function chatModelConfigs(models: ModelEntry[], env: NodeJS.ProcessEnv): ChatModelConfig[] {
  return models.map((entry) => ({
    id: entry.id,
    provider: entry.provider,
    baseUrl: entry.baseUrl ?? null,
    apiKey: entry.apiKeyEnv ? (env[entry.apiKeyEnv] ?? null) : null,
    apiKeyEnv: entry.apiKeyEnv ?? null,
    model: entry.model ?? entry.id,
    timeoutMs: entry.timeoutMs ?? 60_000,
    maxTokens: entry.maxTokens ?? 1_024,
    contextTokens: entry.contextTokens ?? 16_384,
  }));
}

function moderationConfig(file: FileConfig['moderation'], env: NodeJS.ProcessEnv): ModerationConfig {
  if (!file || file.provider !== 'openai') return { provider: file?.provider ?? 'local', timeoutMs: file?.timeoutMs ?? 2_000, strictness: file?.strictness ?? 'balanced', nonEnglish: file?.nonEnglish ?? 'check' };
  const apiKey = file.apiKeyEnv ? (env[file.apiKeyEnv] ?? null) : null;
  if (file.apiKeyEnv && !apiKey) throw new ConfigError(`moderation.apiKeyEnv names ${file.apiKeyEnv}, which is not set`);
  return { provider: 'openai', baseUrl: file.baseUrl ?? 'https://api.openai.com/v1', apiKey, model: file.model ?? 'omni-moderation-latest', timeoutMs: file.timeoutMs ?? 5_000 };
}

export interface WebhookConfig {
  worker: boolean;
  timeoutMs: number;
  leaseMs: number;
  concurrency: number;
  perEndpointConcurrency: number;
  pollIntervalMs: number;
}

/** The lease outlasts the time-out by this much, so a live worker always reports in time. */
const LEASE_MARGIN_MS = 30_000;

function webhookConfig(file: FileConfig['webhooks']): WebhookConfig {
  const timeoutMs = file?.timeoutMs ?? 15_000;
  const leaseMs = file?.leaseMs ?? timeoutMs + LEASE_MARGIN_MS;
  if (leaseMs <= timeoutMs) throw new ConfigError('webhooks.leaseMs must be longer than webhooks.timeoutMs');
  return {
    worker: file?.worker ?? true,
    timeoutMs,
    leaseMs,
    concurrency: file?.concurrency ?? 32,
    perEndpointConcurrency: file?.perEndpointConcurrency ?? 8,
    pollIntervalMs: file?.pollIntervalMs ?? 250,
  };
}

export interface CreditsConfig {
  /** Whether this process runs the monthly allowance renewal worker. */
  renewals: boolean;
  renewalIntervalMs: number;
}

function creditsConfig(file: FileConfig['credits']): CreditsConfig {
  return { renewals: file?.renewals ?? true, renewalIntervalMs: file?.renewalIntervalMs ?? 60_000 };
}

export interface SitesConfig {
  /** Whether this process runs scheduled site re-syncs (each site is leased: any number may). */
  scheduler: boolean;
  pollIntervalMs: number;
}

function sitesConfig(file: FileConfig['sites']): SitesConfig {
  return { scheduler: file?.scheduler ?? true, pollIntervalMs: file?.pollIntervalMs ?? 60_000 };
}

export type EmbeddingsConfig =
  | { provider: 'local'; workers: number | null }
  | { provider: 'openai'; baseUrl: string; model: string; dimension: number; apiKey: string | null; batchSize: number; timeoutMs: number };

/** In a cluster every HTTP worker is a process with an embedder of its own: by default one thread
 * each, so a node of one worker per core runs one model per core, not cores × min(4, cores)
 * (docs/benchmarks.md, "Ingestion queue across processes"). */
function embeddingsConfig(file: FileConfig['embeddings'], env: NodeJS.ProcessEnv, httpWorkers: number): EmbeddingsConfig {
  if (!file || file.provider === 'local') return { provider: 'local', workers: file?.workers ?? (httpWorkers > 1 ? 1 : null) };
  const apiKey = file.apiKeyEnv ? (env[file.apiKeyEnv] ?? null) : null;
  if (file.apiKeyEnv && !apiKey) throw new ConfigError(`embeddings.apiKeyEnv names ${file.apiKeyEnv}, which is not set`);
  return { provider: 'openai', baseUrl: file.baseUrl, model: file.model, dimension: file.dimension, apiKey, batchSize: file.batchSize ?? 64, timeoutMs: file.timeoutMs ?? 30_000 };
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
  if (text === undefined || text === '') return 3000;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${text}"`);
  return port;
}

function parseDatabaseUrl(text: string | undefined): string | null {
  if (!text) return null;
  if (!/^postgres(ql)?:\/\//.test(text)) throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)');
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
  const models = [...builtIn.map((model) => fileEntry(model.id) ?? model), ...(file.models ?? []).filter((model) => !builtIn.some((b) => b.id === model.id))];
  if (models.length === 0) throw new ConfigError('models: the catalog is empty (defaultModels is false and models lists nothing)');
  for (const model of models) {
    if (!CHAT_PROVIDERS.includes(model.provider)) throw new ConfigError(`models: "${model.id}" names the provider "${model.provider}"; known providers are ${CHAT_PROVIDERS.join(', ')}`);
    if (model.provider === 'openai' && !model.baseUrl) throw new ConfigError(`models: "${model.id}" (provider openai) needs a baseUrl`);
  }
  const ids = models.map((model) => model.id);
  const plans = {} as Record<PlanName, Plan>;
  for (const name of PLAN_NAMES) {
    const { models: listed, ...limits } = file.plans?.[name] ?? {};
    const planModels = listed === '*' ? ids : (listed ?? DEFAULT_PLANS[name].models);
    if (planModels.length === 0) throw new ConfigError(`plans.${name}.models must list at least one model (or be "*", every model)`);
    for (const id of planModels) {
      if (ids.includes(id)) continue;
      const hint = listed === undefined && file.defaultModels === false ? `; plans.${name}.models is the default list, which names built-in models: list this plan's models (or "*")` : '';
      throw new ConfigError(`plans.${name}.models names "${id}", which is not in models (the catalog has ${ids.join(', ')})${hint}`);
    }
    plans[name] = { ...DEFAULT_PLANS[name], ...limits, models: planModels };
  }
  return { models, plans };
}

/** Builds the configuration from an environment (process.env by default) and its config file. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { followServer?: boolean } = {}): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  const source = configSource(env, dataDir, options.followServer ?? false);
  const file = source.file ? readFileConfig(source.file) : {};
  const { models, plans } = resolveCatalog(file);

  const badProxies = (file.server?.trustedProxies ?? []).filter((entry) => !isValidIpOrCidr(entry));
  if (badProxies.length > 0) throw new ConfigError(`server.trustedProxies: ${badProxies.map((e) => `"${e}"`).join(', ')} is not an IP address or CIDR range`);

  const badAddresses = (file.network?.allowedAddresses ?? []).filter((entry) => !isValidIpOrCidr(entry));
  if (badAddresses.length > 0) throw new ConfigError(`network.allowedAddresses: ${badAddresses.map((e) => `"${e}"`).join(', ')} is not an IP address or CIDR range`);

  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  const logLevel = env.LOG_LEVEL || file.server?.logLevel || 'info';
  const httpWorkers = resolveWorkers(env.WORKERS || file.server?.workers, databaseUrl !== null);
  const embeddings = embeddingsConfig(file.embeddings, env, httpWorkers);
  return {
    server: {
      host: env.HOST || '127.0.0.1',
      port: parsePort(env.PORT),
      bodyLimit: file.server?.bodyLimit ?? 1_048_576,
      trustedProxies: file.server?.trustedProxies ?? [],
      logLevel,
      shutdownGraceMs: file.server?.shutdownGraceMs ?? 20_000,
      workers: httpWorkers,
      workerSlot: env.COLLOQUY_WORKER_SLOT ? Number(env.COLLOQUY_WORKER_SLOT) : 0,
    },
    metrics: metricsConfig(file.metrics, env),
    storage: databaseUrl ? { kind: 'postgres', databaseUrl, dataDir } : { kind: 'sqlite', dataDir },
    redisUrl: env.REDIS_URL || null,
    catalog: { plans, models },
    network: { allowPrivateAddresses: file.network?.allowPrivateAddresses ?? false, allowedAddresses: file.network?.allowedAddresses ?? [] },
    webhooks: webhookConfig(file.webhooks),
    credits: creditsConfig(file.credits),
    sites: sitesConfig(file.sites),
    embeddings,
    search: { cacheBytes: (file.search?.cacheMegabytes ?? 512) * 1024 * 1024 },
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
  const embedderWorkers = (embeddings.provider === 'local' ? embeddings.workers : null) ?? Math.min(4, availableParallelism());
  return {
    workers: file.workers ?? embedderWorkers,
    parallelism: file.parallelism ?? 8,
    heartbeatSeconds: file.heartbeatSeconds ?? 10,
    retryLimit: file.retryLimit ?? 2,
    superviseSeconds: file.superviseSeconds ?? 5,
    expireSeconds: file.expireSeconds ?? 900,
  };
}

/**
 * How many HTTP workers: "auto" is one per core. The default is "auto" on PostgreSQL and 1 on
 * SQLite, where one process measured faster than several (one writer; docs/operations-and-scaling.md).
 */
function resolveWorkers(value: number | string | undefined, postgres: boolean): number {
  const chosen = value ?? (postgres ? 'auto' : 1);
  if (chosen === 'auto') return availableParallelism();
  const workers = Number(chosen);
  if (!Number.isInteger(workers) || workers < 1 || workers > 256) throw new ConfigError(`WORKERS / server.workers must be "auto" or an integer from 1 to 256, got "${String(chosen)}"`);
  return workers;
}

function metricsConfig(file: FileConfig['metrics'], env: NodeJS.ProcessEnv): MetricsConfig {
  const token = file?.tokenEnv ? (env[file.tokenEnv] ?? null) : null;
  if (file?.tokenEnv && !token) throw new ConfigError(`metrics.tokenEnv names ${file.tokenEnv}, which is not set`);
  return { enabled: file?.enabled ?? true, port: file?.port ?? null, host: file?.host ?? '127.0.0.1', token };
}

/**
 * The extraction pool's size: one thread per core, but no more than a quarter of the machine's
 * memory allows at each thread's heap cap (and at most 8); a queue of 8 uploads per thread.
 */
function extractionSettings(file: FileConfig['extraction'] = {}): ExtractionSettings {
  const maxHeapMb = file.maxHeapMegabytes ?? 512;
  const byMemory = Math.floor(totalmem() / 4 / (maxHeapMb * 1024 * 1024));
  const workers = file.workers ?? Math.max(1, Math.min(availableParallelism() - 1, byMemory, 8));
  return { workers, queue: file.queue ?? workers * 8, timeoutMs: file.timeoutMs ?? 60_000, maxHeapMb, idleMs: 10_000 };
}
