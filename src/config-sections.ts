// Each section of the file resolved into what its part of the server uses: defaults applied, keys
// read from the variables the file names, the sizes worked out from the machine.
import { availableParallelism, totalmem } from 'node:os';
import type { Static } from 'typebox';
import type { ModelEntry } from './domain/models/catalog-types.ts';
import {
  CreditsSchema,
  defaultsOf,
  EvaluationsSchema,
  ExtractionSchema,
  IngestionSchema,
  type LocalEmbeddingsSchema,
  LocalModerationSchema,
  MetricsSchema,
  ModelSchema,
  OpenAiEmbeddingsSchema,
  OpenAiModerationSchema,
  SitesSchema,
  WebhooksSchema,
} from './config-json-schema.ts';
import type { FileConfig, Resolved } from './config-schema.ts';
import { ConfigError } from './config-error.ts';
import { checkEndpointUrl } from './config-endpoint-url.ts';

const MODEL = defaultsOf(ModelSchema);
const OPENAI_EMBEDDINGS = defaultsOf(OpenAiEmbeddingsSchema);
const LOCAL_MODERATION = defaultsOf(LocalModerationSchema);
const OPENAI_MODERATION = defaultsOf(OpenAiModerationSchema);
const EXTRACTION = defaultsOf(ExtractionSchema);
const INGESTION = defaultsOf(IngestionSchema);
const WEBHOOKS = defaultsOf(WebhooksSchema);
const CREDITS = defaultsOf(CreditsSchema);
const SITES = defaultsOf(SitesSchema);
const EVALUATIONS = defaultsOf(EvaluationsSchema);
const METRICS = defaultsOf(MetricsSchema);

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

export function chatModelConfigs(models: ModelEntry[], env: NodeJS.ProcessEnv): ChatModelConfig[] {
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

export function moderationConfig(file: FileConfig['moderation'], env: NodeJS.ProcessEnv): ModerationConfig {
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
  if (file.baseUrl !== undefined) checkEndpointUrl('moderation.baseUrl', file.baseUrl);
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

export function webhookConfig(file: FileConfig['webhooks']): WebhookConfig {
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

export function creditsConfig(file: FileConfig['credits']): CreditsConfig {
  return {
    renewals: file?.renewals ?? CREDITS.renewals,
    renewalIntervalMs: file?.renewalIntervalMs ?? CREDITS.renewalIntervalMs,
  };
}

export function sitesConfig(file: FileConfig['sites']): SitesConfig {
  return {
    scheduler: file?.scheduler ?? SITES.scheduler,
    pollIntervalMs: file?.pollIntervalMs ?? SITES.pollIntervalMs,
  };
}

export function evaluationsConfig(file: FileConfig['evaluations'], env: NodeJS.ProcessEnv): EvaluationsConfig {
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
  checkEndpointUrl(`${at}.baseUrl`, file.baseUrl);
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
export function embeddingsConfig(
  file: FileConfig['embeddings'],
  env: NodeJS.ProcessEnv,
  httpWorkers: number,
): EmbeddingsConfig {
  if (!file || file.provider === 'local')
    return { provider: 'local', workers: file?.workers ?? (httpWorkers > 1 ? 1 : null) };
  return openAiEmbeddingsConfig(file, env, 'embeddings');
}

/** On PostgreSQL each process runs as many jobs as its embedder has workers (embedding is the slow
 * step): in a cluster, one per HTTP worker with the local model (one thread each by default). */
export function ingestionSettings(
  file: FileConfig['ingestion'] = {},
  embeddings: EmbeddingsConfig,
): DistributedQueueSettings {
  const embedderWorkers =
    (embeddings.provider === 'local' ? embeddings.workers : null) ?? Math.min(4, availableParallelism());
  return {
    workers: file.workers ?? embedderWorkers,
    parallelism: file.parallelism ?? INGESTION.parallelism,
    heartbeatSeconds: file.heartbeatSeconds ?? INGESTION.heartbeatSeconds,
    retryLimit: file.retryLimit ?? INGESTION.retryLimit,
    superviseSeconds: file.superviseSeconds ?? INGESTION.superviseSeconds,
    retryDelaySeconds: file.retryDelaySeconds ?? INGESTION.retryDelaySeconds,
    pollSeconds: file.pollSeconds ?? INGESTION.pollSeconds,
    expireSeconds: file.expireSeconds ?? INGESTION.expireSeconds,
  };
}

export function metricsConfig(file: FileConfig['metrics'], env: NodeJS.ProcessEnv): MetricsConfig {
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
export function extractionSettings(file: FileConfig['extraction'] = {}): ExtractionSettings {
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
