// Over 300 lines: one matrix of the shared security cases over every authenticated route.
// SPEC §5 on every authenticated route: no key, bad key, key elsewhere than the header, expired
// and revoked keys, another account's agent, a restricted key, a disallowed address, the rate limit.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type ApiResponse, type TestServer } from '../support/test-server.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { createKey, revokeKey } from '../../src/domain/keys/create-key.ts';

interface Route {
  method: string;
  path: (agentId: string) => string;
  body?: unknown;
  /** Whether the path names an agent (restricted keys and tenancy apply). */
  agentPath: boolean;
  /** What an authorised call answers when not 200 (the route's own check after authentication). */
  ok?: { status: number; code: string };
}

const ROUTES: Route[] = [
  { method: 'GET', path: () => '/validate', agentPath: false },
  { method: 'GET', path: () => '/agents', agentPath: false },
  { method: 'GET', path: (id) => `/agents/${id}`, agentPath: true },
  { method: 'PATCH', path: (id) => `/agents/${id}`, body: { name: 'Renamed' }, agentPath: true },
  { method: 'GET', path: () => '/models', agentPath: false },
  { method: 'GET', path: () => '/usage', agentPath: false },
  { method: 'GET', path: (id) => `/agents/${id}/sources?type=text`, agentPath: true },
  {
    method: 'POST',
    path: (id) => `/agents/${id}/sources/text`,
    body: { title: 'Opening hours', content: 'We are open from nine to five on weekdays.' },
    agentPath: true,
  },
  {
    method: 'POST',
    path: (id) => `/agents/${id}/sources/qa`,
    body: { question: 'Do you ship abroad?', answer: 'Yes, to 30 countries.' },
    agentPath: true,
  },
  {
    method: 'POST',
    path: (id) => `/agents/${id}/sources/files`,
    agentPath: true,
    ok: { status: 400, code: 'FILE_REQUIRED' },
  },
  {
    method: 'POST',
    path: (id) => `/agents/${id}/sources/website`,
    body: { url: 'http://127.0.0.1:9/' },
    agentPath: true,
    ok: { status: 400, code: 'INVALID_BODY' },
  },
  {
    method: 'DELETE',
    path: (id) => `/agents/${id}/sources/src_missing`,
    agentPath: true,
    ok: { status: 404, code: 'SOURCE_NOT_FOUND' },
  },
  { method: 'POST', path: (id) => `/agents/${id}/search`, body: { query: 'opening hours' }, agentPath: true },
  { method: 'POST', path: (id) => `/agents/${id}/chat`, body: { message: 'When are you open?' }, agentPath: true },
  { method: 'GET', path: (id) => `/agents/${id}/conversations`, agentPath: true },
  {
    method: 'GET',
    path: (id) => `/agents/${id}/conversations/someone/messages`,
    agentPath: true,
    ok: { status: 404, code: 'CONVERSATION_NOT_FOUND' },
  },
  {
    method: 'DELETE',
    path: (id) => `/agents/${id}/conversations/someone`,
    agentPath: true,
    ok: { status: 404, code: 'CONVERSATION_NOT_FOUND' },
  },
  {
    method: 'DELETE',
    path: (id) => `/agents/${id}/conversations/someone/messages/msg_missing?cascade=true`,
    agentPath: true,
    ok: { status: 404, code: 'CONVERSATION_NOT_FOUND' },
  },
  {
    method: 'POST',
    path: (id) => `/agents/${id}/conversations/someone/tool/cancel/call_missing`,
    agentPath: true,
    ok: { status: 404, code: 'CONVERSATION_NOT_FOUND' },
  },
  {
    method: 'POST',
    path: (id) => `/agents/${id}/conversations/someone/messages/msg_missing/feedback`,
    body: { rating: 'up' },
    agentPath: true,
    ok: { status: 404, code: 'CONVERSATION_NOT_FOUND' },
  },
  {
    method: 'POST',
    path: (id) => `/agents/${id}/test-questions`,
    body: { question: 'When are you open?', expectNothing: true },
    agentPath: true,
  },
  { method: 'GET', path: (id) => `/agents/${id}/test-questions`, agentPath: true },
  {
    method: 'DELETE',
    path: (id) => `/agents/${id}/test-questions/tq_missing`,
    agentPath: true,
    ok: { status: 404, code: 'TEST_QUESTION_NOT_FOUND' },
  },
  {
    method: 'GET',
    path: (id) => `/agents/${id}/test-questions/tq_missing`,
    agentPath: true,
    ok: { status: 404, code: 'TEST_QUESTION_NOT_FOUND' },
  },
  { method: 'POST', path: (id) => `/agents/${id}/test-runs`, agentPath: true },
  { method: 'GET', path: (id) => `/agents/${id}/test-runs`, agentPath: true },
  {
    method: 'GET',
    path: (id) => `/agents/${id}/test-runs/run_missing`,
    agentPath: true,
    ok: { status: 404, code: 'TEST_RUN_NOT_FOUND' },
  },
];

/** An authorised call got past authentication: 200, or the route's own answer. */
function assertAuthorised(response: ApiResponse, route: Route): void {
  if (route.ok) return assertWrapped(response, route.ok.status, route.ok.code);
  assert.equal(response.status, 200, response.text);
  assert.equal(response.body.success, true);
}

const name = (route: Route) => `${route.method} ${route.path('{agentId}')}`;

function assertFlat401(response: ApiResponse, code: 'AUTH_REQUIRED' | 'KEY_EXPIRED'): void {
  assert.equal(response.status, 401);
  assert.deepEqual(response.body, { error: code === 'AUTH_REQUIRED' ? 'Unauthorized' : 'Key expired', code });
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(response.headers.get('ratelimit-remaining'), null, 'a refused key does not count against the limit');
}

function assertWrapped(response: ApiResponse, status: number, code: string): void {
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.success, false);
  assert.equal(response.body.error.code, code);
  assert.equal(typeof response.body.error.message, 'string');
  assert.deepEqual(Object.keys(response.body).sort(), ['error', 'success']);
}

describe('security matrix', () => {
  let server: TestServer;
  const clock = createTestClock(Date.now());
  let key: string;
  let agentId: string;
  let otherAgentId: string;
  let secondAgentId: string;
  let expiredKey: string;
  let revokedKey: string;
  let restrictedKey: string;
  let ipKey: string;

  before(async () => {
    server = await startTestServer({ clock, configFile: { plans: { business: { requestsPerMinute: 100_000 } } } });
    const { account, ctx } = await server.seedAccount('business');
    agentId = (await server.seedAgent(ctx)).id;
    secondAgentId = (await server.seedAgent(ctx, 'Second')).id;
    key = await server.seedKey(account.id);
    expiredKey = await server.seedKey(account.id, { expiresAt: clock.now() + 1000 });
    clock.advance(1000);
    const revoked = await createKey(server.deps, account.id, { name: 'revoked' });
    await revokeKey(server.deps, account.id, revoked.record.id);
    revokedKey = revoked.key;
    restrictedKey = await server.seedKey(account.id, { allowedAgentIds: [secondAgentId] });
    ipKey = await server.seedKey(account.id, { allowedIps: ['203.0.113.0/24', '2001:db8::/32'] });
    const other = await server.seedAccount('business');
    otherAgentId = (await server.seedAgent(other.ctx, 'Not yours')).id;
  });
  after(() => server.close());

  for (const route of ROUTES) {
    describe(name(route), () => {
      const call = (options: Parameters<TestServer['call']>[2] = {}, id = agentId) =>
        server.call(route.method, route.path(id), { body: route.body, ...options });

      test('works with a valid key, with RateLimit headers', async () => {
        const response = await call({ key });
        assertAuthorised(response, route);
        assert.match(response.headers.get('ratelimit-remaining') ?? '', /^\d+$/);
        assert.match(response.headers.get('ratelimit-reset') ?? '', /^\d+$/);
      });
      test('no key → 401 AUTH_REQUIRED, flat', async () => assertFlat401(await call(), 'AUTH_REQUIRED'));
      test('unknown key → 401 AUTH_REQUIRED', async () =>
        assertFlat401(await call({ key: 'cq_not-a-real-key' }), 'AUTH_REQUIRED'));
      test('key in the query string → 401', async () => {
        const sep = route.path(agentId).includes('?') ? '&' : '?';
        const response = await server.call(route.method, `${route.path(agentId)}${sep}api_key=${key}&key=${key}`, {
          body: route.body,
        });
        assertFlat401(response, 'AUTH_REQUIRED');
      });
      test('key in another header → 401', async () =>
        assertFlat401(await call({ headers: { 'x-api-key': key, authorization: key } }), 'AUTH_REQUIRED'));
      test('revoked key → 401 AUTH_REQUIRED', async () =>
        assertFlat401(await call({ key: revokedKey }), 'AUTH_REQUIRED'));
      test('expired key → 401 KEY_EXPIRED', async () => assertFlat401(await call({ key: expiredKey }), 'KEY_EXPIRED'));
      test('disallowed address → 403 IP_NOT_ALLOWED', async () =>
        assertWrapped(await call({ key: ipKey }), 403, 'IP_NOT_ALLOWED'));
      test('X-Forwarded-For from an untrusted peer is ignored', async () =>
        assertWrapped(
          await call({ key: ipKey, headers: { 'x-forwarded-for': '203.0.113.9' } }),
          403,
          'IP_NOT_ALLOWED',
        ));

      if (route.agentPath) {
        test("another account's agent → 404 AGENT_NOT_FOUND", async () =>
          assertWrapped(await call({ key }, otherAgentId), 404, 'AGENT_NOT_FOUND'));
        test('a key restricted to other agents → 403 AGENT_NOT_ALLOWED', async () =>
          assertWrapped(await call({ key: restrictedKey }), 403, 'AGENT_NOT_ALLOWED'));
        test('a restricted key works on its own agent', async () =>
          assertAuthorised(await call({ key: restrictedKey }, secondAgentId), route));
        test('a restricted key is refused on a missing agent too (no probing)', async () =>
          assertWrapped(await call({ key: restrictedKey }, 'agt_missing'), 403, 'AGENT_NOT_ALLOWED'));
      }
    });
  }

  test('RateLimit headers come on authenticated error responses too', async () => {
    const responses = [
      await server.call('GET', `/agents/${otherAgentId}`, { key }), // 404
      await server.call('GET', `/agents/${agentId}`, { key: restrictedKey }), // 403
      await server.call('PATCH', `/agents/${agentId}`, { key, body: {} }), // 400
      await server.call('GET', '/usage?from=nonsense', { key }), // 400
    ];
    assert.deepEqual(
      responses.map((r) => r.status),
      [404, 403, 400, 400],
    );
    for (const response of responses) {
      assert.match(response.headers.get('ratelimit-remaining') ?? '', /^\d+$/);
      assert.match(response.headers.get('ratelimit-reset') ?? '', /^\d+$/);
    }
  });

  test('a restricted key sees only its agents in GET /agents', async () => {
    const response = await server.call('GET', '/agents', { key: restrictedKey });
    assert.deepEqual(
      response.body.agents.map((a: { id: string }) => a.id),
      [secondAgentId],
    );
    const full = await server.call('GET', '/agents', { key });
    assert.equal(full.body.agents.length, 2);
    assert.ok(
      !full.body.agents.some((a: { id: string }) => a.id === otherAgentId),
      "another account's agent is never listed",
    );
  });

  test('an expired key is refused from the instant of its expiry', async () => {
    const { account } = await server.seedAccount('business');
    const soon = await server.seedKey(account.id, { expiresAt: clock.now() + 60_000 });
    assert.equal((await server.call('GET', '/validate', { key: soon })).status, 200);
    clock.advance(60_000);
    assertFlat401(await server.call('GET', '/validate', { key: soon }), 'KEY_EXPIRED');
  });
});

describe('security matrix: rate limit on every route', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  for (const route of ROUTES) {
    test(`${name(route)}: the 11th request in a minute on the free plan → 429 RATE_LIMITED`, async () => {
      const { account, ctx } = await server.seedAccount('free');
      const agentId = (await server.seedAgent(ctx)).id;
      const key = await server.seedKey(account.id);
      for (let i = 0; i < 10; i++) {
        const ok = await server.call(route.method, route.path(agentId), { key, body: route.body });
        assertAuthorised(ok, route);
        assert.equal(ok.headers.get('ratelimit-remaining'), String(9 - i));
      }
      const limited = await server.call(route.method, route.path(agentId), { key, body: route.body });
      assertWrapped(limited, 429, 'RATE_LIMITED');
      assert.equal(limited.headers.get('ratelimit-remaining'), '0');
      const reset = Number(limited.headers.get('ratelimit-reset'));
      assert.ok(reset >= 1 && reset <= 60, `RateLimit-Reset is whole seconds in (0, 60]: ${reset}`);
      assert.equal(limited.headers.get('retry-after'), String(reset));
    });
  }
});

describe('trusted proxies', () => {
  let server: TestServer;
  let ipKey: string;
  before(async () => {
    server = await startTestServer({ configFile: { server: { trustedProxies: ['127.0.0.1', '::1'] } } });
    const { account } = await server.seedAccount('pro');
    ipKey = await server.seedKey(account.id, { allowedIps: ['203.0.113.0/24'] });
  });
  after(() => server.close());

  test('X-Forwarded-For is honoured from a configured proxy', async () => {
    assert.equal(
      (await server.call('GET', '/validate', { key: ipKey, headers: { 'x-forwarded-for': '203.0.113.9' } })).status,
      200,
    );
    assert.equal(
      (await server.call('GET', '/validate', { key: ipKey, headers: { 'x-forwarded-for': '198.51.100.1' } })).body.error
        .code,
      'IP_NOT_ALLOWED',
    );
  });
  test('without the header the proxy address itself is the client', async () => {
    assert.equal((await server.call('GET', '/validate', { key: ipKey })).body.error.code, 'IP_NOT_ALLOWED');
  });
});
