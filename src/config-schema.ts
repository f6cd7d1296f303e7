// Over 300 lines: every setting of the one schema, declarations only; docs and JSON Schema are generated from it whole.
// Every setting once: its type, limits, default and meaning. `npm run config:docs` writes
// docs/configuration-reference.md and config.schema.json from it (a test fails when they are stale);
// config.ts validates the file against config.schema.json and takes its defaults from it
// (config-json-schema.ts), and its types from here.
import Type, { type Static, type TObject } from 'typebox';
import { LOG_LEVELS } from './config-environment.ts';

const Milliseconds = (
  minimum: number,
  maximum: number | undefined,
  defaultValue: number | undefined,
  description: string,
) =>
  Type.Optional(
    Type.Integer({
      minimum,
      ...(maximum === undefined ? {} : { maximum }),
      ...(defaultValue === undefined ? {} : { default: defaultValue }),
      description,
    }),
  );

/** A plan in the file: any of its fields; `models` may be "*", every model of the catalog. */
export const FilePlanSchema = Type.Partial(
  Type.Object(
    {
      // Bounded so the RateLimit-* headers stay plain integers (1e22 was sent as "1e+22") and byte
      // and page counts stay exact.
      requestsPerMinute: Type.Integer({
        minimum: 1,
        maximum: 1_000_000_000,
        description: 'Requests per minute for each account on the plan.',
      }),
      storageLimit: Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'Knowledge per agent: characters of text plus bytes of files.',
      }),
      crawlPageLimit: Type.Integer({
        minimum: 0,
        maximum: 1_000_000_000,
        description:
          'Crawled website pages per agent (all its crawls together); reaching it is 403 PLAN_LIMIT_REACHED.',
      }),
      monthlyCredits: Type.Number({
        minimum: 0,
        description:
          'The monthly allowance: granted when an account on this plan is created, and on each monthly anniversary the balance is raised to it if below. In whole thousandths of a credit, at most 1,000,000,000.',
      }),
      models: Type.Union([Type.Literal('*'), Type.Array(Type.String({ minLength: 1 }))], {
        description:
          'Model ids of the catalog, or "*" (every model, in catalog order); the first is what a new agent gets.',
      }),
    },
    { additionalProperties: false },
  ),
);

export const ModelSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100, description: 'What agents name.' }),
    name: Type.Optional(Type.String({ description: 'Shown in the console.' })),
    provider: Type.String({
      minLength: 1,
      description:
        '`extractive` (the built-in offline answerer) or `openai` (any OpenAI-compatible Chat Completions endpoint).',
    }),
    baseUrl: Type.Optional(Type.String({ minLength: 1, description: "The endpoint's base URL (provider openai)." })),
    apiKeyEnv: Type.Optional(
      Type.String({ minLength: 1, description: 'The variable holding its key; omit it for a keyless local server.' }),
    ),
    model: Type.Optional(Type.String({ minLength: 1, description: 'The name the endpoint knows (default: the id).' })),
    credits: Type.Number({
      minimum: 0,
      description: 'The price of one chat request, in whole thousandths of a credit, at most 1,000,000,000.',
    }),
    timeoutMs: Milliseconds(
      100,
      600_000,
      60_000,
      "Longest wait for the model's first byte, and between two parts of its stream.",
    ),
    maxTokens: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 200_000, default: 1_024, description: "Upper bound on a reply's tokens." }),
    ),
    contextTokens: Type.Optional(
      Type.Integer({
        minimum: 1_024,
        maximum: 10_000_000,
        default: 16_384,
        description: "The model's context window: instructions, passages, history and the reply must fit in it.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const LocalEmbeddingsSchema = Type.Object(
  {
    provider: Type.Literal('local', {
      description: 'Universal Sentence Encoder lite (512 dimensions), shipped in an npm package, offline.',
    }),
    workers: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 16,
        description: 'Worker threads (default: the cores, at most 4; 1 per HTTP worker in a cluster).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const OpenAiEmbeddingsSchema = Type.Object(
  {
    provider: Type.Literal('openai', { description: 'Any OpenAI-compatible `/embeddings` endpoint.' }),
    baseUrl: Type.String({ minLength: 1, description: "The endpoint's base URL." }),
    model: Type.String({ minLength: 1, description: 'The embedding model.' }),
    dimension: Type.Integer({ minimum: 1, maximum: 8192, description: "The model's vector length." }),
    apiKeyEnv: Type.Optional(Type.String({ minLength: 1, description: 'The variable holding its key.' })),
    batchSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2048, default: 64, description: 'Texts per request.' }),
    ),
    timeoutMs: Milliseconds(100, undefined, 30_000, 'Time-out of one request.'),
  },
  { additionalProperties: false },
);

export const SearchSchema = Type.Object(
  {
    cacheMegabytes: Type.Optional(
      Type.Integer({ minimum: 1, default: 512, description: 'Bounds the in-memory search indexes of this process.' }),
    ),
  },
  { additionalProperties: false },
);

export const ExtractionSchema = Type.Object(
  {
    workers: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 64,
        description:
          "Threads reading uploads (default: one per core less one, at most 8, within a quarter of the memory at each thread's heap cap).",
      }),
    ),
    queue: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 10_000,
        description: 'Uploads that may wait for a thread (default: 8 per thread); one more is answered 503.',
      }),
    ),
    timeoutMs: Milliseconds(100, 600_000, 60_000, 'A file still being read after this long is refused.'),
    maxHeapMegabytes: Type.Optional(
      Type.Integer({
        minimum: 64,
        maximum: 16_384,
        default: 512,
        description: 'Heap cap per thread: a file that needs more is refused.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const IngestionSchema = Type.Object(
  {
    workers: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 64,
        description:
          "Jobs this node runs at once (PostgreSQL; default: the embedder's threads); 0: it only queues jobs, other nodes run them.",
      }),
    ),
    parallelism: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 64,
        default: 8,
        description: 'Pages one crawl keeps in flight, across all nodes.',
      }),
    ),
    heartbeatSeconds: Type.Optional(
      Type.Integer({
        minimum: 10,
        maximum: 3_600,
        default: 10,
        description: 'A job whose node sends no heartbeat this long (killed) is retried on another.',
      }),
    ),
    retryLimit: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 20,
        default: 2,
        description: 'Attempts after the first; after the last, the job fails and its storage is given back.',
      }),
    ),
    superviseSeconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 600,
        default: 5,
        description: "How often pg-boss looks for lost nodes' jobs.",
      }),
    ),
    retryDelaySeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 3_600,
        default: 1,
        description: 'The wait before a failed attempt is tried again.',
      }),
    ),
    pollSeconds: Type.Optional(
      Type.Number({
        minimum: 0.5,
        maximum: 60,
        default: 1,
        description: "How often a node's workers look for retries and lost nodes' jobs (new jobs wake them at once).",
      }),
    ),
    expireSeconds: Type.Optional(
      Type.Integer({
        minimum: 10,
        maximum: 86_400,
        default: 900,
        description: 'The longest one attempt of a job may run.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'File and crawl indexing jobs; on PostgreSQL they run on pg-boss across every node.',
  },
);

export const LocalModerationSchema = Type.Object(
  {
    provider: Type.Union([Type.Literal('local'), Type.Literal('none')], {
      description: '`local`: offline rules for the six categories; `none`: no check.',
    }),
    timeoutMs: Milliseconds(10, 60_000, 2_000, 'A check that takes longer is 503 MODERATION_UNAVAILABLE.'),
    strictness: Type.Optional(
      Type.Union([Type.Literal('strict'), Type.Literal('balanced'), Type.Literal('lenient')], {
        default: 'balanced',
        description: "Which of the local classifier's thresholds (docs/moderation.md).",
      }),
    ),
    nonEnglish: Type.Optional(
      Type.Union([Type.Literal('check'), Type.Literal('unavailable')], {
        default: 'check',
        description: 'A message not in English is checked all the same, or refused with 503.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const OpenAiModerationSchema = Type.Object(
  {
    provider: Type.Literal('openai', { description: 'An OpenAI-compatible `/moderations` endpoint.' }),
    baseUrl: Type.Optional(
      Type.String({ minLength: 1, default: 'https://api.openai.com/v1', description: "The endpoint's base URL." }),
    ),
    apiKeyEnv: Type.Optional(Type.String({ minLength: 1, description: 'The variable holding its key.' })),
    model: Type.Optional(
      Type.String({ minLength: 1, default: 'omni-moderation-latest', description: 'The moderation model.' }),
    ),
    timeoutMs: Milliseconds(10, 60_000, 5_000, 'A check that takes longer is 503 MODERATION_UNAVAILABLE.'),
  },
  { additionalProperties: false },
);

export const NetworkSchema = Type.Object(
  {
    allowPrivateAddresses: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Let the crawler and webhooks reach private addresses (local development, tests).',
      }),
    ),
    allowedAddresses: Type.Optional(
      Type.Array(Type.String(), {
        default: [],
        description: 'Private addresses or CIDR ranges the crawler and webhooks may still reach (an intranet site).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'The outbound policy for requests whose target a user chooses (the crawler, webhook URLs).',
  },
);

export const WebhooksSchema = Type.Object(
  {
    timeoutMs: Milliseconds(100, 60_000, 15_000, 'Time-out of one delivery attempt.'),
    leaseMs: Milliseconds(
      1_000,
      undefined,
      undefined,
      'How long a claimed attempt stays with its process (default: the time-out + 30 s; must be longer than it).',
    ),
    concurrency: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1_000, default: 32, description: 'Attempts in flight per process.' }),
    ),
    perEndpointConcurrency: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1_000,
        default: 8,
        description: 'Attempts in flight per process and endpoint.',
      }),
    ),
    pollIntervalMs: Milliseconds(10, 60_000, 250, 'How often an idle worker looks for work.'),
    worker: Type.Optional(
      Type.Boolean({ default: true, description: 'false: this process serves HTTP only and another one delivers.' }),
    ),
  },
  { additionalProperties: false },
);

export const CreditsSchema = Type.Object(
  {
    renewals: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'false: this process does not renew monthly allowances (another one does).',
      }),
    ),
    renewalIntervalMs: Milliseconds(
      100,
      3_600_000,
      60_000,
      'How often the renewal worker looks for accounts whose allowance is due.',
    ),
  },
  { additionalProperties: false },
);

export const SitesSchema = Type.Object(
  {
    scheduler: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'false: this process runs no scheduled site re-syncs (another one does).',
      }),
    ),
    pollIntervalMs: Milliseconds(
      100,
      3_600_000,
      60_000,
      'How often the scheduler looks for sites whose re-sync is due.',
    ),
  },
  { additionalProperties: false },
);

export const EvaluationsSchema = Type.Object(
  {
    worker: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'false: this process runs no automatic or queued test runs (another one does).',
      }),
    ),
    pollIntervalMs: Milliseconds(
      100,
      3_600_000,
      5_000,
      'How often the evaluation worker looks for agents whose knowledge changed and for queued test runs.',
    ),
    quietMs: Milliseconds(
      0,
      3_600_000,
      30_000,
      "An agent's test questions run again once its knowledge has not changed for this long (a crawl of many pages makes one run).",
    ),
    maxWaitMs: Milliseconds(
      0,
      86_400_000,
      600_000,
      'They run anyway once a change has waited this long (knowledge that never stops changing).',
    ),
    compareEmbeddings: Type.Optional(
      Type.Array(OpenAiEmbeddingsSchema, {
        maxItems: 8,
        description:
          "Other OpenAI-compatible embedding models a test run may be compared with (`compareModel`, named by `model`): the agent's passages are embedded with it into a scratch index for that run only.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const ServerSchema = Type.Object(
  {
    trustedProxies: Type.Optional(
      Type.Array(Type.String(), {
        default: [],
        description: 'Proxies whose X-Forwarded-For is believed: IPs or CIDR ranges. Empty: none.',
      }),
    ),
    bodyLimit: Type.Optional(
      Type.Integer({ minimum: 1024, default: 1_048_576, description: 'Largest JSON body, in bytes.' }),
    ),
    shutdownGraceMs: Milliseconds(
      100,
      600_000,
      20_000,
      'How long SIGTERM waits for requests in flight before their work is stopped.',
    ),
    logLevel: Type.Optional(
      Type.Union(
        LOG_LEVELS.map((level) => Type.Literal(level)),
        { default: 'info', description: 'pino level; LOG_LEVEL overrides it.' },
      ),
    ),
    workers: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 256 }), Type.Literal('auto')], {
        description:
          'HTTP worker processes: a number, or "auto" (one per core). Default: "auto" on PostgreSQL, 1 on SQLite. WORKERS overrides it.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const MetricsSchema = Type.Object(
  {
    enabled: Type.Optional(
      Type.Boolean({ default: true, description: 'false: no /metrics at all (/healthz and /readyz stay).' }),
    ),
    port: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 65535,
        description: "Serve /metrics on this port only (default: on the API's port).",
      }),
    ),
    host: Type.Optional(
      Type.String({ minLength: 1, default: '127.0.0.1', description: "The address of /metrics' own port." }),
    ),
    tokenEnv: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Names the variable holding a bearer token that /metrics then requires.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const FileSchema = Type.Object(
  {
    $schema: Type.Optional(
      Type.String({ description: "An editor's pointer to this schema (config.schema.json); ignored." }),
    ),
    plans: Type.Optional(
      Type.Partial(
        Type.Object({ free: FilePlanSchema, starter: FilePlanSchema, pro: FilePlanSchema, business: FilePlanSchema }),
        {
          additionalProperties: false,
          description: "The plans' limits and models; a plan or field left out keeps its default.",
        },
      ),
    ),
    models: Type.Optional(
      Type.Array(ModelSchema, {
        minItems: 1,
        description:
          'Merged with the built-in models by id: an entry with a built-in id replaces that entry, others are added.',
      }),
    ),
    defaultModels: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'false: the catalog is exactly `models`, without the built-in entries.',
      }),
    ),
    embeddings: Type.Optional(
      Type.Union([LocalEmbeddingsSchema, OpenAiEmbeddingsSchema], {
        description: 'The model that turns passages and queries into vectors (default: local).',
      }),
    ),
    search: Type.Optional(SearchSchema),
    extraction: Type.Optional(ExtractionSchema),
    ingestion: Type.Optional(IngestionSchema),
    moderation: Type.Optional(
      Type.Union([LocalModerationSchema, OpenAiModerationSchema], {
        description: 'Checks every chat message before any model sees it (default: local).',
      }),
    ),
    network: Type.Optional(NetworkSchema),
    webhooks: Type.Optional(WebhooksSchema),
    credits: Type.Optional(CreditsSchema),
    sites: Type.Optional(SitesSchema),
    evaluations: Type.Optional(EvaluationsSchema),
    server: Type.Optional(ServerSchema),
    metrics: Type.Optional(MetricsSchema),
  },
  { additionalProperties: false },
);
export type FileConfig = Static<typeof FileSchema>;

/** A section as the server uses it: every setting present (a default applied, or one worked out). */
export type Resolved<T extends TObject> = { [K in keyof Static<T>]-?: NonNullable<Static<T>[K]> };
