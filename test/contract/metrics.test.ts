// The operator's routes: /metrics in Prometheus text format (route patterns, never URLs, keys or
// account ids in labels), /healthz and /readyz, off the API's authentication and rate limit; and
// as `npm start` serves them: /metrics on a port of its own behind a token, /readyz still ready when
// Redis is configured but down (requests are served, rate limits counted per process), Redis shown failed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { freePort, startServerProcess } from '../support/processes.ts';
import { createTestDatabase, TEST_BACKEND } from '../support/backend.ts';

describe(`/metrics, /healthz and /readyz (${TEST_BACKEND})`, () => {
  let server: TestServer;
  let key: string;
  let accountId: string;
  let agentId: string;
  before(async () => {
    server = await startTestServer({ configFile: { plans: { free: { requestsPerMinute: 3 } } } });
    const { account, ctx } = await server.seedAccount('free');
    accountId = account.id;
    agentId = (await server.seedAgent(ctx)).id;
    key = await server.seedKey(account.id);
  });
  after(() => server.close());

  test('requests are counted by route pattern and status, with latency histograms', async () => {
    await server.call('GET', '/validate', { key });
    await server.call('GET', `/agents/${agentId}`, { key });
    await server.call('GET', '/validate', { key: 'cq_wrong' });
    for (let i = 0; i < 2; i++) await server.call('GET', '/validate', { key }); // the plan allows 3: the fourth is refused
    await (await fetch(`${server.baseUrl}/no/such/route`)).arrayBuffer();
    const response = await fetch(`${server.baseUrl}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    assert.equal(response.headers.get('ratelimit-limit'), null);
    const text = await response.text();
    assert.match(text, /colloquy_http_requests_total\{method="GET",route="\/api\/v1\/validate",status="200"\} 2\n/);
    assert.match(text, /colloquy_http_requests_total\{method="GET",route="\/api\/v1\/validate",status="401"\} 1\n/);
    assert.match(text, /colloquy_http_requests_total\{method="GET",route="\/api\/v1\/validate",status="429"\} 1\n/);
    assert.match(
      text,
      /colloquy_http_requests_total\{method="GET",route="\/api\/v1\/agents\/:agentId",status="200"\} 1\n/,
    );
    assert.match(text, /colloquy_http_requests_total\{method="GET",route="unmatched",status="404"\} 1\n/);
    assert.match(
      text,
      /colloquy_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\/validate",status="200"\} 2\n/,
    );
    assert.match(text, /colloquy_rate_limit_rejections_total\{plan="free"\} 1\n/);
    for (const name of [
      'colloquy_sse_streams_open',
      'colloquy_webhook_attempts_total',
      'colloquy_embedding_passages_total',
      'colloquy_index_cache_bytes',
      'colloquy_index_cache_hits_total',
      'colloquy_queue_jobs',
      'colloquy_queue_job_duration_seconds',
      'colloquy_process_cpu_seconds_total',
    ]) {
      assert.match(text, new RegExp(`^# TYPE ${name} `, 'm'), name);
    }
    // Nothing secret or tenant-identifying in any label.
    for (const secret of [key, accountId, agentId, 'cq_wrong', '/no/such/route'])
      assert.equal(text.includes(secret), false, secret);
  });

  test('/healthz answers without touching anything; /readyz checks the database', async () => {
    const health = await fetch(`${server.baseUrl}/healthz`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    const ready = await fetch(`${server.baseUrl}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ready', checks: { database: 'ok' } });
  });

  test('the operator routes are not in the public OpenAPI document', async () => {
    const document = (await server.call('GET', '/openapi.json')).body;
    assert.equal(JSON.stringify(document).includes('metrics'), false);
  });
});

test(`npm start: /metrics on its own port behind a token; /readyz ready, Redis shown failed, while Redis is down (${TEST_BACKEND})`, async () => {
  const database = await createTestDatabase();
  const metricsPort = await freePort();
  const configPath = join(database.env.DATA_DIR, 'config.json');
  writeFileSync(configPath, JSON.stringify({ metrics: { port: metricsPort, tokenEnv: 'METRICS_TOKEN' } }));
  // Nothing listens on port 9 (discard) here: Redis is configured but unreachable.
  const server = await startServerProcess({
    ...database.env,
    COLLOQUY_CONFIG: configPath,
    METRICS_TOKEN: 'scrape-secret',
    REDIS_URL: 'redis://127.0.0.1:9',
    WORKERS: '1',
  });
  try {
    assert.equal((await fetch(`${server.baseUrl}/metrics`)).status, 404, 'not on the API port');
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    assert.equal((await fetch(metricsUrl)).status, 401);
    assert.equal((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong' } })).status, 401);
    const scraped = await fetch(metricsUrl, { headers: { authorization: 'Bearer scrape-secret' } });
    assert.equal(scraped.status, 200);
    assert.match(await scraped.text(), /colloquy_http_requests_total/);
    // The node serves requests without Redis, so a balancer must not take it out (every node would go).
    const ready = await fetch(`${server.baseUrl}/readyz`);
    assert.equal(ready.status, 200);
    // On PostgreSQL the ingestion queue (pg-boss) is checked too.
    assert.deepEqual(await ready.json(), {
      status: 'ready',
      checks: { database: 'ok', redis: 'failed', ...(TEST_BACKEND === 'postgres' && { queue: 'ok' }) },
    });
    assert.equal((await fetch(`${server.baseUrl}/healthz`)).status, 200);
    assert.equal((await fetch(`${server.baseUrl}/api/v1/ping`)).status, 200);
  } finally {
    await server.stop();
    await database.drop();
  }
});
