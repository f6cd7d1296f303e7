import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { chargeCredits, refundCharge } from '../../src/domain/credits/charge.ts';
import { addCredits } from '../../src/domain/credits/add-credits.ts';
import { createKey } from '../../src/domain/keys/create-key.ts';

describe('ping, validate, models, usage, OpenAPI', () => {
  let server: TestServer;
  const clock = createTestClock(Date.parse('2026-11-10T12:00:00.000Z'));
  before(async () => {
    server = await startTestServer({ clock, configFile: UNLIMITED_RATE });
  });
  after(() => server.close());

  test('GET /ping is public', async () => {
    const response = await server.call('GET', '/ping');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      success: true,
      status: 'ok',
      version: '1.0.3',
      time: '2026-11-10T12:00:00.000Z',
    });
    assert.equal(response.headers.get('ratelimit-remaining'), null);
    assert.match(response.headers.get('x-request-id') ?? '', /^req_/);
  });

  test('GET /validate: usage.total is what the key spent, quotaLimit its quota (0 without)', async () => {
    const { account, ctx } = await server.seedAccount('free', 50);
    const plain = await server.seedKey(account.id);
    assert.deepEqual((await server.call('GET', '/validate', { key: plain })).body, {
      success: true,
      valid: true,
      usage: { total: 0, quotaLimit: 0 },
    });
    const { record, key } = await createKey(server.deps, account.id, { name: 'metered', quota: 25 });
    const keyCtx = { ...ctx, key: { id: record.id, name: record.name, allowedAgentIds: null } };
    await server.deps.store.transaction((tx) =>
      chargeCredits(tx, server.deps, keyCtx, { credits: 0.2, agentId: null, description: 'search' }),
    );
    await server.deps.store.transaction((tx) =>
      chargeCredits(tx, server.deps, keyCtx, { credits: 1, agentId: null, description: 'chat' }),
    );
    const response = await server.call('GET', '/validate', { key });
    assert.deepEqual(response.body, { success: true, valid: true, usage: { total: 1.2, quotaLimit: 25 } });
  });

  test('GET /models: the catalog with availability for the plan and this server, no provider secrets', async () => {
    const { account } = await server.seedAccount('starter');
    const key = await server.seedKey(account.id);
    const response = await server.call('GET', '/models', { key });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      success: true,
      plan: 'starter',
      models: [
        {
          id: 'colloquy-extractive',
          name: 'Colloquy extractive (offline)',
          provider: 'extractive',
          credits: 1,
          available: true,
        },
        // On the plan, but this server has no OPENAI_API_KEY.
        {
          id: 'gpt-4o-mini',
          name: 'GPT-4o mini',
          provider: 'openai',
          credits: 2,
          available: false,
          unavailableReason: 'not configured on this server: the operator has not set the API key of its provider',
        },
        {
          id: 'gpt-4o',
          name: 'GPT-4o',
          provider: 'openai',
          credits: 10,
          available: false,
          unavailableReason: 'not on the starter plan',
        },
      ],
    });
    assert.ok(
      !response.text.includes('apiKeyEnv') &&
        !response.text.includes('baseUrl') &&
        !response.text.includes('OPENAI_API_KEY'),
    );
  });

  test('GET /usage: balance, last refill, used by day, agent and key; refunds net out', async () => {
    const start = clock.now();
    const { account, ctx } = await server.seedAccount('free', 100);
    const agent = await server.seedAgent(ctx, 'Counter');
    const { record, key } = await createKey(server.deps, account.id, { name: 'usage key' });
    const keyCtx = { ...ctx, key: { id: record.id, name: record.name, allowedAgentIds: null } };
    const charge = (credits: number) =>
      server.deps.store.transaction((tx) =>
        chargeCredits(tx, server.deps, keyCtx, { credits, agentId: agent.id, description: 'chat' }),
      );
    await charge(1);
    await charge(0.2);
    clock.advance(86_400_000);
    const refunded = await charge(2);
    await refundCharge(server.deps, keyCtx, refunded);
    await charge(0.2);
    clock.advance(3_600_000);
    await addCredits(server.deps, account.id, 40);

    const response = await server.call('GET', '/usage?from=2026-11-10&to=2026-11-11', { key });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, {
      success: true,
      balance: { credits: 138.6, lastRefill: { credits: 40, at: new Date(clock.now()).toISOString() } },
      period: { from: '2026-11-10T00:00:00.000Z', to: '2026-11-12T00:00:00.000Z' },
      used: {
        total: 1.4,
        byDay: [
          { date: '2026-11-10', credits: 1.2 },
          { date: '2026-11-11', credits: 0.2 },
        ],
        byAgent: [{ agentId: agent.id, name: 'Counter', credits: 1.4 }],
        byKey: [{ keyId: record.id, name: 'usage key', credits: 1.4 }],
      },
    });
    const oneDay = await server.call('GET', `/usage?from=${new Date(start).toISOString()}&to=2026-11-10`, { key });
    assert.equal(oneDay.body.used.total, 1.2);
    const defaults = await server.call('GET', '/usage', { key });
    assert.equal(defaults.body.period.to, new Date(clock.now()).toISOString());
    assert.equal(Date.parse(defaults.body.period.to) - Date.parse(defaults.body.period.from), 30 * 86_400_000);
  });

  test('GET /usage takes RFC 3339 date-times with microseconds (Python’s isoformat) or a lowercase t and z', async () => {
    const { account, ctx } = await server.seedAccount('free', 100);
    const key = await server.seedKey(account.id);
    const at = clock.now();
    await server.deps.store.transaction((tx) =>
      chargeCredits(tx, server.deps, ctx, { credits: 1, agentId: null, description: 'chat' }),
    );
    const iso = (ms: number) => new Date(ms).toISOString();
    const micro = (ms: number, digits: string) => iso(ms).replace('Z', `${digits}+00:00`);
    const usage = (from: string, to: string) =>
      server.call('GET', `/usage?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { key });

    // to one microsecond after the charge: it is in [from, to); the bound is shown rounded up.
    const after = await usage(micro(at - 1000, '000'), micro(at, '001'));
    assert.equal(after.status, 200, after.text);
    assert.deepEqual(after.body.period, { from: iso(at - 1000), to: iso(at + 1) });
    assert.equal(after.body.used.total, 1);
    // to at the charge's millisecond exactly, written with six decimals: it is left out.
    const before = await usage(micro(at - 1000, '000'), micro(at, '000'));
    assert.equal(before.status, 200, before.text);
    assert.deepEqual(before.body.period, { from: iso(at - 1000), to: iso(at) });
    assert.equal(before.body.used.total, 0);
    // from one microsecond after the charge's millisecond began: the charge is before it.
    const later = await usage(micro(at, '001'), iso(at + 1000));
    assert.equal(later.body.used.total, 0);

    const lower = await usage(iso(at - 1000).toLowerCase(), iso(at + 1000).toLowerCase());
    assert.equal(lower.status, 200, lower.text);
    assert.equal(lower.body.used.total, 1);
  });

  const notAnInstant = 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with its zone (Z or +hh:mm)';
  for (const [query, list] of [
    ['from=yesterday', { from: [notAnInstant] }],
    ['to=2026-02-30', { to: [notAnInstant] }],
    // A date-time on a day the month does not have was read as a day of the next month (March 2).
    ['from=2026-02-30T10:00:00Z&to=2026-03-05', { from: [notAnInstant] }],
    // An ISO 8601 date-time without its zone: the words said it was not one at all.
    ['from=2026-11-01T00:00:00&to=2026-11-05', { from: [notAnInstant] }],
    ['from=2026-11-05&to=2026-11-01', { from: ['must be before to'] }],
    ['from=2024-01-01&to=2026-01-01', { to: ['must be at most 366 days after from'] }],
    // period.to would read +010000-01-01T00:00:00.000Z, which no RFC 3339 parser takes.
    ['to=9999-12-31', { to: ['must end by 9999-12-31T23:59:59.999Z (as a date, 9999-12-30 at the latest)'] }],
    [
      'from=9999-12-01&to=9999-12-31T23:00:00-05:00',
      { to: ['must end by 9999-12-31T23:59:59.999Z (as a date, 9999-12-30 at the latest)'] },
    ],
    // ... and period.from -000001-12-31T19:00:00.000Z.
    ['from=0000-01-01T00:00:00%2B05:00&to=0000-02-01', { from: ['must not be before 0000-01-01T00:00:00Z'] }],
  ] as const) {
    test(`GET /usage?${query} → 400 INVALID_BODY`, async () => {
      const { account } = await server.seedAccount();
      const key = await server.seedKey(account.id);
      const response = await server.call('GET', `/usage?${query}`, { key });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, {
        success: false,
        error: { code: 'INVALID_BODY', message: 'The usage range is invalid.', list },
      });
    });
  }

  test('GET /usage: the last bounds an RFC 3339 date-time can show are accepted, and shown as such', async () => {
    const { account } = await server.seedAccount();
    const key = await server.seedKey(account.id);
    const last = await server.call('GET', '/usage?to=9999-12-30', { key });
    assert.equal(last.status, 200, last.text);
    assert.deepEqual(last.body.period, { from: '9999-12-01T00:00:00.000Z', to: '9999-12-31T00:00:00.000Z' });
    const lastInstant = await server.call('GET', '/usage?from=9999-12-31&to=9999-12-31T23:59:59.999Z', { key });
    assert.equal(lastInstant.status, 200, lastInstant.text);
    assert.equal(lastInstant.body.period.to, '9999-12-31T23:59:59.999Z');
    // The default 30 days before an early `to` start no earlier than year 0000.
    const first = await server.call('GET', '/usage?to=0000-01-09', { key });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body.period, { from: '0000-01-01T00:00:00.000Z', to: '0000-01-10T00:00:00.000Z' });
  });

  test('the OpenAPI 3.1 document describes every endpoint, with bearer auth', async () => {
    const response = await server.call('GET', '/openapi.json');
    assert.equal(response.status, 200);
    const doc = response.body;
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.3');
    assert.deepEqual(doc.servers, [{ url: '/api/v1' }]);
    assert.deepEqual(doc.components.securitySchemes.apiKey, {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'API-Key',
    });
    for (const [path, method] of [
      ['/ping', 'get'],
      ['/validate', 'get'],
      ['/agents', 'get'],
      ['/agents/{agentId}', 'get'],
      ['/agents/{agentId}', 'patch'],
      ['/models', 'get'],
      ['/usage', 'get'],
      ['/agents/{agentId}/sources', 'get'],
      ['/agents/{agentId}/sources/text', 'post'],
      ['/agents/{agentId}/sources/qa', 'post'],
      ['/agents/{agentId}/sources/files', 'post'],
      ['/agents/{agentId}/sources/website', 'post'],
      ['/agents/{agentId}/sources/{sourceId}', 'delete'],
      ['/agents/{agentId}/search', 'post'],
    ] as const) {
      assert.ok(doc.paths[path]?.[method], `${method.toUpperCase()} ${path} is documented`);
    }
    assert.deepEqual(doc.paths['/validate'].get.security, [{ apiKey: [] }]);
    assert.ok(
      doc.paths['/agents/{agentId}/sources/files'].post.responses['413'],
      'the upload documents FILE_TOO_LARGE',
    );
    assert.ok(doc.paths['/agents/{agentId}'].patch.responses['401']);
    assert.match(doc.info.description, /RateLimit-Reset.*whole seconds/s);
  });

  test('the docs page is served at /docs', async () => {
    const response = await fetch(`${server.baseUrl}/docs/`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /swagger/i);
  });
});
