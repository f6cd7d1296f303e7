// Over 300 lines: one case per setting's resolution; cases are independent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from './config.ts';
import { printableConfig } from './config-print.ts';

test('defaults need nothing: SQLite in ./data on 127.0.0.1:3000, the spec rate limits', () => {
  const config = loadConfig({});
  assert.deepEqual(config.storage, { kind: 'sqlite', dataDir: resolve('./data') });
  assert.equal(config.server.host, '127.0.0.1');
  assert.equal(config.server.port, 3000);
  assert.equal(config.redisUrl, null);
  assert.deepEqual(
    Object.fromEntries(Object.entries(config.catalog.plans).map(([name, plan]) => [name, plan.requestsPerMinute])),
    { free: 10, starter: 60, pro: 300, business: 1000 },
  );
  assert.equal(config.network.allowPrivateAddresses, false);
});

test('environment and file: postgres URL, plan overrides merged over defaults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(
    path,
    JSON.stringify({ plans: { free: { requestsPerMinute: 5 } }, network: { allowPrivateAddresses: true } }),
  );
  const config = loadConfig({
    DATABASE_URL: 'postgres://u@h/db',
    DATA_DIR: dir,
    PORT: '8080',
    HOST: '0.0.0.0',
    COLLOQUY_CONFIG: path,
    REDIS_URL: 'redis://h:6379',
  });
  assert.deepEqual(config.storage, { kind: 'postgres', databaseUrl: 'postgres://u@h/db', dataDir: dir });
  assert.equal(config.catalog.plans.free.requestsPerMinute, 5);
  assert.equal(config.catalog.plans.free.storageLimit, 400_000);
  assert.equal(config.server.port, 8080);
  assert.equal(config.redisUrl, 'redis://h:6379');
  assert.equal(config.network.allowPrivateAddresses, true);
});

test('a config file saved with a UTF-8 byte order mark is read', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, `\uFEFF${JSON.stringify({ plans: { free: { requestsPerMinute: 7 } } })}`);
  assert.equal(loadConfig({ COLLOQUY_CONFIG: path }).catalog.plans.free.requestsPerMinute, 7);
});

test('REDIS_URL must be a redis:// or rediss:// URL', () => {
  assert.equal(loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380/2' }).redisUrl, 'rediss://:pw@cache:6380/2');
  for (const text of ['localhost:6379', 'http://127.0.0.1:6379', 'redis:/cache', 'cache']) {
    assert.throws(
      () => loadConfig({ REDIS_URL: text }),
      (e: Error) => e instanceof ConfigError && /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/.test(e.message),
      text,
    );
  }
});

test("REDIS_URL's path is a database number or nothing: anything else is said, not read as NaN", () => {
  for (const text of ['redis://cache:6379', 'redis://cache:6379/', 'redis://cache/0', 'redis://cache/15'])
    assert.equal(loadConfig({ REDIS_URL: text }).redisUrl, text);
  for (const text of ['redis://cache/abc', 'redis://cache/1/2', 'redis://cache/-1', 'redis://cache/1.5']) {
    assert.throws(
      () => loadConfig({ REDIS_URL: text }),
      (e: Error) =>
        e instanceof ConfigError &&
        e.message ===
          `REDIS_URL's path names the Redis database by its number (redis://host:6379/0, or no path for 0); "${new URL(text).pathname}" is not one`,
      text,
    );
  }
});

test('a duplicate model id is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  const model = { id: 'm', provider: 'extractive', credits: 1 };
  writeFileSync(path, JSON.stringify({ models: [model, model] }));
  assert.throws(
    () => loadConfig({ COLLOQUY_CONFIG: path }),
    (e: Error) => e instanceof ConfigError && /"m" appears twice/.test(e.message),
  );
});

test('a model price or a monthly allowance finer than a thousandth of a credit, or past 1,000,000,000, is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  const cases: Array<[object, RegExp]> = [
    [
      { models: [{ id: 'm', provider: 'extractive', credits: 0.0005 }] },
      /models: "m" credits must be a whole number of thousandths of a credit \(such as 0\.2 or 0\.001\), got 0\.0005/,
    ],
    [
      { models: [{ id: 'm', provider: 'extractive', credits: 1e300 }] },
      /models: "m" credits must be at most 1000000000/,
    ],
    [
      { plans: { free: { monthlyCredits: 10.0001 } } },
      /plans\.free\.monthlyCredits must be a whole number of thousandths/,
    ],
    [{ plans: { pro: { monthlyCredits: 2e9 } } }, /plans\.pro\.monthlyCredits must be at most 1000000000/],
    // RateLimit-Limit and -Remaining were sent as "1e+22".
    [{ plans: { free: { requestsPerMinute: 1e22 } } }, /plans\.free\.requestsPerMinute: must be <= 1000000000/],
    [{ plans: { free: { storageLimit: 1e300 } } }, /plans\.free\.storageLimit: must be <= 9007199254740991/],
  ];
  for (const [file, pattern] of cases) {
    writeFileSync(path, JSON.stringify(file));
    assert.throws(
      () => loadConfig({ COLLOQUY_CONFIG: path }),
      (e: Error) => e instanceof ConfigError && pattern.test(e.message),
      JSON.stringify(file),
    );
  }
  writeFileSync(path, JSON.stringify({ models: [{ id: 'm', provider: 'extractive', credits: 0.2 }] }));
  assert.equal(loadConfig({ COLLOQUY_CONFIG: path }).catalog.models.find((m) => m.id === 'm')?.credits, 0.2);
});

test('trusted proxies must be addresses or CIDR ranges', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify({ server: { trustedProxies: ['10.0.0.0/8', 'proxy.internal'] } }));
  assert.throws(
    () => loadConfig({ COLLOQUY_CONFIG: path }),
    /server\.trustedProxies: "proxy\.internal" is not an IP address or CIDR range/,
  );
});

test('credits: renewals on every minute by default; the file may turn them off or change the interval', () => {
  assert.deepEqual(loadConfig({}).credits, { renewals: true, renewalIntervalMs: 60_000 });
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify({ credits: { renewals: false, renewalIntervalMs: 5_000 } }));
  assert.deepEqual(loadConfig({ COLLOQUY_CONFIG: path }).credits, { renewals: false, renewalIntervalMs: 5_000 });
  writeFileSync(path, JSON.stringify({ credits: { renewalIntervalMs: 10 } }));
  assert.throws(
    () => loadConfig({ COLLOQUY_CONFIG: path }),
    (e: Error) => e instanceof ConfigError && /credits\.renewalIntervalMs/.test(e.message),
  );
  writeFileSync(path, JSON.stringify({ credits: { renew: true } }));
  assert.throws(
    () => loadConfig({ COLLOQUY_CONFIG: path }),
    (e: Error) => e instanceof ConfigError && /"renew"/.test(e.message),
  );
});

test('chat models and moderation: defaults, the key read from its variable, and clear refusals', () => {
  const defaults = loadConfig({});
  assert.deepEqual(defaults.moderation, {
    provider: 'local',
    timeoutMs: 2_000,
    strictness: 'balanced',
    nonEnglish: 'check',
  });
  assert.deepEqual(
    defaults.chatModels.find((m) => m.id === 'gpt-4o-mini'),
    {
      id: 'gpt-4o-mini',
      provider: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: null,
      apiKeyEnv: 'OPENAI_API_KEY',
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
      maxTokens: 1_024,
      contextTokens: 16_384,
    },
  );
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  const write = (file: unknown) => writeFileSync(path, JSON.stringify(file));
  const local = {
    id: 'ollama',
    provider: 'openai',
    baseUrl: 'http://127.0.0.1:11434/v1',
    model: 'llama3',
    credits: 1,
    timeoutMs: 5_000,
    maxTokens: 200,
    contextTokens: 8_192,
  };
  const plans = {
    free: { models: ['ollama'] },
    starter: { models: ['ollama'] },
    pro: { models: ['ollama'] },
    business: { models: ['ollama'] },
  };
  write({
    models: [{ ...local, apiKeyEnv: 'OLLAMA_KEY' }],
    plans,
    moderation: { provider: 'openai', apiKeyEnv: 'MOD_KEY' },
  });
  const config = loadConfig({ COLLOQUY_CONFIG: path, OLLAMA_KEY: 'k1', MOD_KEY: 'k2' });
  assert.deepEqual(
    config.chatModels.find((m) => m.id === 'ollama'),
    {
      id: 'ollama',
      provider: 'openai',
      baseUrl: local.baseUrl,
      apiKey: 'k1',
      apiKeyEnv: 'OLLAMA_KEY',
      model: 'llama3',
      timeoutMs: 5_000,
      maxTokens: 200,
      contextTokens: 8_192,
    },
  );
  assert.deepEqual(config.moderation, {
    provider: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    apiKey: 'k2',
    model: 'omni-moderation-latest',
    timeoutMs: 5_000,
  });
  write({ moderation: { provider: 'local', strictness: 'strict', nonEnglish: 'unavailable' } });
  assert.deepEqual(loadConfig({ COLLOQUY_CONFIG: path }).moderation, {
    provider: 'local',
    timeoutMs: 2_000,
    strictness: 'strict',
    nonEnglish: 'unavailable',
  });
  const refused = (file: unknown, pattern: RegExp) => {
    write(file);
    assert.throws(
      () => loadConfig({ COLLOQUY_CONFIG: path }),
      (e: Error) => e instanceof ConfigError && pattern.test(e.message),
    );
  };
  refused(
    { models: [{ ...local, provider: 'anthropic' }], plans },
    /provider "anthropic"; known providers are extractive, openai/,
  );
  refused({ models: [{ ...local, baseUrl: undefined }], plans }, /"ollama" \(provider openai\) needs a baseUrl/);
  refused(
    { moderation: { provider: 'openai', apiKeyEnv: 'MOD_KEY' } },
    /moderation\.apiKeyEnv names MOD_KEY, which is not set/,
  );
  refused({ moderation: { provider: 'magic' } }, /moderation/);
  refused({ moderation: { provider: 'local', strictness: 'paranoid' } }, /moderation/);
});

test('adding a model: entries merge with the built-in catalog by id, and a plan may take every model with "*"', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  const llama = { id: 'llama3', provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', credits: 1 };
  writeFileSync(
    path,
    JSON.stringify({
      models: [llama],
      plans: { pro: { models: '*' }, business: { models: '*', requestsPerMinute: 2_000 } },
    }),
  );
  const config = loadConfig({ COLLOQUY_CONFIG: path });
  assert.deepEqual(
    config.catalog.models.map((m) => m.id),
    ['colloquy-extractive', 'gpt-4o-mini', 'gpt-4o', 'llama3'],
  );
  assert.deepEqual(config.catalog.plans.pro.models, ['colloquy-extractive', 'gpt-4o-mini', 'gpt-4o', 'llama3']);
  assert.equal(config.catalog.plans.pro.requestsPerMinute, 300);
  assert.equal(config.catalog.plans.business.requestsPerMinute, 2_000);
  assert.deepEqual(
    config.catalog.plans.starter.models,
    ['colloquy-extractive', 'gpt-4o-mini'],
    'plans not named keep their default lists',
  );
  assert.equal(config.chatModels.find((m) => m.id === 'llama3')?.baseUrl, 'http://127.0.0.1:11434/v1');

  // An entry with a built-in id replaces that entry where it stood (no field is inherited from it).
  const azure = {
    id: 'gpt-4o-mini',
    provider: 'openai',
    baseUrl: 'https://example.openai.azure.com/openai/v1',
    apiKeyEnv: 'AZURE_KEY',
    credits: 3,
  };
  writeFileSync(path, JSON.stringify({ models: [azure] }));
  const replaced = loadConfig({ COLLOQUY_CONFIG: path });
  assert.deepEqual(
    replaced.catalog.models.map((m) => m.id),
    ['colloquy-extractive', 'gpt-4o-mini', 'gpt-4o'],
  );
  assert.deepEqual(replaced.catalog.models[1], azure);

  // defaultModels: false leaves only the file's models; plans must then name them (or take "*").
  writeFileSync(
    path,
    JSON.stringify({
      defaultModels: false,
      models: [llama],
      plans: {
        free: { models: '*' },
        starter: { models: '*' },
        pro: { models: '*' },
        business: { models: ['llama3'] },
      },
    }),
  );
  const only = loadConfig({ COLLOQUY_CONFIG: path });
  assert.deepEqual(
    only.catalog.models.map((m) => m.id),
    ['llama3'],
  );
  assert.deepEqual(only.catalog.plans.free.models, ['llama3']);
});

test('a plan and the catalog that disagree: the error names the plan, the model and what the catalog has', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  const refused = (file: unknown, pattern: RegExp) => {
    writeFileSync(path, JSON.stringify(file));
    assert.throws(
      () => loadConfig({ COLLOQUY_CONFIG: path }),
      (e: Error) => e instanceof ConfigError && pattern.test(e.message),
      JSON.stringify(file),
    );
  };
  refused(
    { plans: { pro: { models: ['colloquy-extractive', 'llama3'] } } },
    /^plans\.pro\.models names "llama3", which is not in models \(the catalog has colloquy-extractive, gpt-4o-mini, gpt-4o\)$/,
  );
  const llama = { id: 'llama3', provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', credits: 1 };
  refused(
    { defaultModels: false, models: [llama], plans: { free: { models: ['llama3'] } } },
    /^plans\.starter\.models names "colloquy-extractive", which is not in models \(the catalog has llama3\); plans\.starter\.models is the default list/,
  );
  refused({ plans: { free: { models: [] } } }, /plans\.free\.models must list at least one model/);
  refused({ plans: { free: { models: 'all' } } }, /plans\.free\.models/);
  refused({ defaultModels: false }, /the catalog is empty/);
  refused({ models: [llama, llama] }, /"llama3" appears twice/);
});

test('HTTP workers: one per core on PostgreSQL, one on SQLite, WORKERS over server.workers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify({ server: { workers: 3 } }));
  assert.equal(loadConfig({}).server.workers, 1);
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).server.workers, availableParallelism());
  assert.equal(loadConfig({ COLLOQUY_CONFIG: path }).server.workers, 3);
  assert.equal(loadConfig({ COLLOQUY_CONFIG: path, WORKERS: 'auto' }).server.workers, availableParallelism());
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://u@h/db', WORKERS: '1' }).server.workers, 1);
  for (const bad of ['0', 'many', '2.5'])
    assert.throws(
      () => loadConfig({ WORKERS: bad }),
      (e: Error) => e instanceof ConfigError && /WORKERS/.test(e.message),
    );
});

test('PORT and WORKERS are decimal digits: a hex or exponent form is refused, not read as another number', () => {
  for (const bad of ['0x50', '1e3', ' 80', '80.0', '-1'])
    assert.throws(
      () => loadConfig({ PORT: bad }),
      (e: Error) => e instanceof ConfigError && e.message === `PORT must be an integer from 0 to 65535, got "${bad}"`,
      bad,
    );
  for (const bad of ['0x2', '2e0', ' 2'])
    assert.throws(
      () => loadConfig({ WORKERS: bad }),
      (e: Error) => e instanceof ConfigError && /^WORKERS/.test(e.message),
      bad,
    );
  assert.equal(loadConfig({ PORT: '0' }).server.port, 0);
});

test('LOG_LEVEL names a pino level: a typo stops the start with one line, not a stack from the logger', () => {
  assert.equal(loadConfig({ LOG_LEVEL: 'debug' }).server.logLevel, 'debug');
  for (const bad of ['bogus', 'INFO', 'warning'])
    assert.throws(
      () => loadConfig({ LOG_LEVEL: bad }),
      (e: Error) =>
        e instanceof ConfigError &&
        e.message === `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${bad}"`,
      bad,
    );
});

test('the worker slot the cluster primary sets: 0 alone, an integer from 0 to 255, anything else refused', () => {
  assert.equal(loadConfig({}).server.workerSlot, 0);
  assert.equal(loadConfig({ COLLOQUY_WORKER_SLOT: '3' }).server.workerSlot, 3);
  for (const bad of ['-1', 'one', '2.5', '1e2', ' 1', '256']) {
    assert.throws(
      () => loadConfig({ COLLOQUY_WORKER_SLOT: bad }),
      (e: Error) => e instanceof ConfigError && /COLLOQUY_WORKER_SLOT/.test(e.message),
      bad,
    );
  }
});

test('embedding threads and ingestion jobs: one each per HTTP worker in a cluster, min(4, cores) alone, explicit settings kept', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  const postgres = { DATABASE_URL: 'postgres://u@h/db' };
  const threads = (config: ReturnType<typeof loadConfig>) =>
    config.embeddings.provider === 'local' ? config.embeddings.workers : 'openai';
  const alone = loadConfig({ ...postgres, WORKERS: '1' });
  assert.equal(threads(alone), null); // the embedder's own default, min(4, cores)
  assert.equal(alone.ingestion.workers, Math.min(4, availableParallelism()));
  const clustered = loadConfig({ ...postgres, WORKERS: '3' });
  assert.equal(threads(clustered), 1);
  assert.equal(clustered.ingestion.workers, 1);
  writeFileSync(path, JSON.stringify({ embeddings: { provider: 'local', workers: 2 } }));
  const set = loadConfig({ ...postgres, WORKERS: '3', COLLOQUY_CONFIG: path });
  assert.equal(threads(set), 2);
  assert.equal(set.ingestion.workers, 2);
  writeFileSync(path, JSON.stringify({ embeddings: { provider: 'local', workers: 2 }, ingestion: { workers: 0 } }));
  assert.equal(loadConfig({ ...postgres, WORKERS: '3', COLLOQUY_CONFIG: path }).ingestion.workers, 0);
});

test('metrics: on the API port by default; a token read from the variable the file names', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  assert.deepEqual(loadConfig({}).metrics, { enabled: true, port: null, host: '127.0.0.1', token: null });
  writeFileSync(path, JSON.stringify({ metrics: { port: 9464, host: '10.0.0.5', tokenEnv: 'SCRAPE_TOKEN' } }));
  assert.deepEqual(loadConfig({ COLLOQUY_CONFIG: path, SCRAPE_TOKEN: 't0k' }).metrics, {
    enabled: true,
    port: 9464,
    host: '10.0.0.5',
    token: 't0k',
  });
  assert.throws(
    () => loadConfig({ COLLOQUY_CONFIG: path }),
    (e: Error) => e instanceof ConfigError && /SCRAPE_TOKEN/.test(e.message),
  );
});

test('the printable configuration masks keys, tokens and URL passwords, and keeps the rest', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  writeFileSync(
    path,
    JSON.stringify({
      metrics: { tokenEnv: 'METRICS_TOKEN' },
      moderation: { provider: 'openai', apiKeyEnv: 'MOD_KEY' },
    }),
  );
  const env = {
    COLLOQUY_CONFIG: path,
    METRICS_TOKEN: 'tok-123',
    MOD_KEY: 'sk-mod',
    OPENAI_API_KEY: 'sk-chat',
    DATABASE_URL: 'postgres://app:hunter2@db:5432/colloquy',
    REDIS_URL: 'redis://:pw@cache:6379',
  };
  const printed = JSON.stringify(printableConfig(loadConfig(env)));
  for (const secret of ['tok-123', 'sk-mod', 'sk-chat', 'hunter2', ':pw@'])
    assert.ok(!printed.includes(secret), secret);
  const shown = JSON.parse(printed) as {
    storage: { databaseUrl: string };
    redisUrl: string;
    metrics: { token: string };
    chatModels: { apiKey: string | null; apiKeyEnv: string | null }[];
    server: { port: number };
  };
  assert.equal(shown.storage.databaseUrl, 'postgres://app:********@db:5432/colloquy');
  assert.equal(shown.redisUrl, 'redis://:********@cache:6379');
  assert.equal(shown.metrics.token, '********');
  assert.ok(shown.chatModels.some((model) => model.apiKeyEnv === 'OPENAI_API_KEY' && model.apiKey === '********'));
  assert.equal(shown.server.port, 3000);
});

test('the printable configuration masks a password or key carried in a URL query', () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  const model = { id: 'm', provider: 'openai', baseUrl: 'https://llm.example/v1?api_key=sk-query', credits: 1 };
  writeFileSync(path, JSON.stringify({ models: [model] }));
  const env = {
    COLLOQUY_CONFIG: path,
    DATABASE_URL: 'postgres://app@db:5432/colloquy?password=hunter2&sslmode=require',
  };
  const printed = JSON.stringify(printableConfig(loadConfig(env)));
  for (const secret of ['hunter2', 'sk-query']) assert.ok(!printed.includes(secret), secret);
  const shown = JSON.parse(printed) as { storage: { databaseUrl: string } };
  assert.equal(shown.storage.databaseUrl, 'postgres://app@db:5432/colloquy?password=********&sslmode=require');
});

test('comparison embedding models: none by default; each read with its key, and a model named twice refused', () => {
  assert.deepEqual(loadConfig({}).evaluations.compareEmbeddings, []);
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const path = join(dir, 'config.json');
  const large = {
    provider: 'openai',
    baseUrl: 'http://127.0.0.1:8080/v1',
    model: 'bge-large',
    dimension: 1024,
    apiKeyEnv: 'TEI_KEY',
  };
  writeFileSync(path, JSON.stringify({ evaluations: { compareEmbeddings: [large] } }));
  assert.deepEqual(loadConfig({ COLLOQUY_CONFIG: path, TEI_KEY: 'k' }).evaluations.compareEmbeddings, [
    {
      provider: 'openai',
      baseUrl: large.baseUrl,
      model: 'bge-large',
      dimension: 1024,
      apiKey: 'k',
      batchSize: 64,
      timeoutMs: 30_000,
    },
  ]);
  assert.throws(
    () => loadConfig({ COLLOQUY_CONFIG: path }),
    (e: Error) =>
      e instanceof ConfigError &&
      /evaluations\.compareEmbeddings\.apiKeyEnv names TEI_KEY, which is not set/.test(e.message),
  );
  writeFileSync(path, JSON.stringify({ evaluations: { compareEmbeddings: [large, large] } }));
  assert.throws(
    () => loadConfig({ COLLOQUY_CONFIG: path, TEI_KEY: 'k' }),
    (e: Error) => e instanceof ConfigError && /names a model twice/.test(e.message),
  );
});

test("the CLI following the server's record names that record, not COLLOQUY_CONFIG, when the file fails", () => {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-config-'));
  const record = join(dir, 'server-config.json');
  const said = `the config file the server on this DATA_DIR started with (recorded in ${record}; set COLLOQUY_CONFIG to read another)`;
  writeFileSync(record, JSON.stringify({ configFile: join(dir, 'moved.json') }));
  assert.throws(
    () => loadConfig({ DATA_DIR: dir }, { followServer: true }),
    (e: Error) =>
      e instanceof ConfigError && e.message.startsWith(`${said}: cannot read ${join(dir, 'moved.json')}: ENOENT`),
  );
  writeFileSync(join(dir, 'bad.json'), JSON.stringify({ plan: {} }));
  writeFileSync(record, JSON.stringify({ configFile: join(dir, 'bad.json') }));
  assert.throws(
    () => loadConfig({ DATA_DIR: dir }, { followServer: true }),
    (e: Error) => e instanceof ConfigError && e.message.startsWith(`${said} ${join(dir, 'bad.json')} is invalid: `),
  );
  // Named by the variable, the file is still said to be COLLOQUY_CONFIG's.
  assert.throws(
    () => loadConfig({ DATA_DIR: dir, COLLOQUY_CONFIG: join(dir, 'moved.json') }, { followServer: true }),
    (e: Error) => e instanceof ConfigError && e.message.startsWith('COLLOQUY_CONFIG: cannot read '),
  );
});
