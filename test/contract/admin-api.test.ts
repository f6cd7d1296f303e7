// Over 300 lines: one file per resource's contract (the admin API); cases are independent.
// The admin API through the real server: sign-in and its cookie, CSRF on every unsafe route,
// brute-force slowing, tenancy (another account's ids are 404 on every route, the list taken from
// the OpenAPI document), the webhook routes and the OpenAPI document.
import { addTestQuestion } from '../../src/domain/evaluations/add-test-question.ts';
import { startTestRun } from '../../src/domain/evaluations/start-test-run.ts';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createUser } from '../../src/domain/users/create-user.ts';
import { createScryptPasswordHasher } from '../../src/providers/crypto/scrypt-password-hasher.ts';
import { createEndpoint } from '../../src/domain/webhooks/create-endpoint.ts';
import { KNOWN_EVENT_TYPES } from '../../src/domain/webhooks/event-types.ts';
import { sendTestPing } from '../../src/domain/webhooks/send-test-ping.ts';
import { createKey } from '../../src/domain/keys/create-key.ts';
import { operatorContext, type RequestContext } from '../../src/domain/context.ts';

const PASSWORD = 'a long enough password';
// Cheap parameters for test users; the server verifies with the parameters stored in the hash.
const passwords = createScryptPasswordHasher({ N: 1024, r: 8, p: 1 });

interface AdminResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
}

describe('admin API', () => {
  let server: TestServer;
  let accountA: string;
  let accountB: string;
  let endpointB: string;
  let deliveryB: string;

  async function admin(
    method: string,
    path: string,
    options: { cookie?: string; csrf?: string; body?: unknown } = {},
  ): Promise<AdminResponse> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.csrf) headers['x-csrf-token'] = options.csrf;
    // A FormData body is sent as multipart (fetch sets its Content-Type); anything else as JSON.
    const form = options.body instanceof FormData;
    if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
    const body =
      options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body);
    const response = await fetch(`${server.baseUrl}/api/admin/v1${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  async function signIn(
    email: string,
    password = PASSWORD,
  ): Promise<{ cookie: string; csrf: string; response: AdminResponse }> {
    const response = await admin('POST', '/session', { body: { email, password } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
    return { cookie, csrf: response.body.csrfToken, response };
  }

  /** A member's id, as the account's members list shows it to that member. */
  async function memberIdOf(accountId: string, email: string): Promise<string> {
    const { cookie } = await signIn(email);
    const members = (await admin('GET', `/accounts/${accountId}/members`, { cookie })).body.members as Array<{
      id: string;
      email: string;
    }>;
    return members.find((member) => member.email === email)!.id;
  }

  before(async () => {
    server = await startTestServer({ configFile: { network: { allowPrivateAddresses: true } } });
    const deps = { ...server.deps, passwords };
    accountA = (await server.seedAccount()).account.id;
    const b = await server.seedAccount();
    accountB = b.account.id;
    await createUser(deps, accountA, { email: 'owner@a.example', password: PASSWORD });
    await createUser(deps, accountA, { email: 'mate@a.example', password: PASSWORD, role: 'teammate' });
    await createUser(deps, accountB, { email: 'owner@b.example', password: PASSWORD });
    await createUser(deps, accountA, { email: 'guessed@a.example', password: PASSWORD });
    endpointB = (await createEndpoint(server.deps, b.ctx, { url: 'http://127.0.0.1:59999/b' })).endpoint.id;
    deliveryB = (await sendTestPing(server.deps, b.ctx, endpointB)).id;
  });
  after(() => server.close());

  test('sign-in sets an HTTP-only, SameSite=Strict cookie and answers the user, accounts and CSRF token', async () => {
    const { response } = await signIn('Owner@A.example');
    const setCookie = response.headers.get('set-cookie') ?? '';
    assert.match(
      setCookie,
      /^colloquy_session=cqs_[\w-]{43}; Path=\/api\/admin; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    assert.deepEqual(Object.keys(response.body).sort(), ['accounts', 'csrfToken', 'expiresAt', 'success', 'user']);
    assert.equal(response.body.user.email, 'owner@a.example');
    assert.deepEqual(response.body.accounts, [{ id: accountA, name: 'Account free', role: 'owner' }]);
    assert.match(response.body.csrfToken, /^[\w-]{43}$/);
  });

  test('a wrong password or an unknown email is 401 in the flat shape', async () => {
    for (const [email, password] of [
      ['owner@a.example', 'wrong password!!'],
      ['nobody@a.example', PASSWORD],
    ]) {
      const response = await admin('POST', '/session', { body: { email, password } });
      assert.equal(response.status, 401);
      assert.deepEqual(response.body, { error: 'Unauthorized', code: 'AUTH_REQUIRED' });
      assert.equal(response.headers.get('set-cookie'), null);
    }
    const invalid = await admin('POST', '/session', { body: { email: 'owner@a.example' } });
    assert.deepEqual(
      [invalid.status, invalid.body.error.code, invalid.body.error.list],
      [400, 'INVALID_BODY', { password: ['is required'] }],
    );
  });

  test('guessing is slowed: after 5 failures even the right password waits (429 with Retry-After)', async () => {
    for (let i = 0; i < 5; i++)
      assert.equal(
        (await admin('POST', '/session', { body: { email: 'guessed@a.example', password: `guess number ${i}` } }))
          .status,
        401,
      );
    const held = await admin('POST', '/session', { body: { email: 'guessed@a.example', password: PASSWORD } });
    assert.equal(held.status, 429);
    assert.equal(held.body.error.code, 'RATE_LIMITED');
    assert.ok(Number(held.headers.get('retry-after')) >= 1);
    assert.equal(
      (await admin('POST', '/session', { body: { email: 'owner@a.example', password: PASSWORD } })).status,
      200,
      'another email is not held back',
    );
  });

  test('without a session every route is 401; a made-up cookie too', async () => {
    for (const [method, path] of [
      ['GET', '/session'],
      ['GET', `/accounts/${accountA}/webhooks`],
      ['DELETE', '/session'],
    ]) {
      assert.deepEqual((await admin(method as string, path as string)).body, {
        error: 'Unauthorized',
        code: 'AUTH_REQUIRED',
      });
      assert.equal(
        (await admin(method as string, path as string, { cookie: 'colloquy_session=cqs_madeup' })).status,
        401,
      );
      assert.equal(
        (await admin(method as string, path as string, { cookie: 'colloquy_session=%E0%A4%A' })).status,
        401,
        'a malformed cookie is no session, not a 500',
      );
    }
  });

  test('unsafe methods without the CSRF token are refused (403 CSRF_TOKEN_INVALID)', async () => {
    const { cookie, csrf } = await signIn('owner@a.example');
    const body = { url: 'http://127.0.0.1:59999/a' };
    for (const token of [undefined, 'wrong', `${csrf}x`]) {
      const refused = await admin('POST', `/accounts/${accountA}/webhooks`, { cookie, csrf: token, body });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.error.code, 'CSRF_TOKEN_INVALID');
    }
    const other = await signIn('owner@b.example');
    assert.equal(
      (await admin('POST', `/accounts/${accountA}/webhooks`, { cookie, csrf: other.csrf, body })).status,
      403,
      "another session's token does not fit",
    );
    assert.equal((await admin('GET', `/accounts/${accountA}/webhooks`, { cookie })).status, 200, 'reads need no token');
    assert.equal(
      (await admin('GET', '/session', { cookie })).body.csrfToken,
      csrf,
      'GET /session gives the token again after a reload',
    );
  });

  test('webhooks through the admin API: create, list, get, update, ping, log, redeliver, delete', async () => {
    const { cookie, csrf } = await signIn('mate@a.example');
    const created = await admin('POST', `/accounts/${accountA}/webhooks`, {
      cookie,
      csrf,
      body: { url: 'http://127.0.0.1:59999/hook', events: ['agent.created'] },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.match(created.body.secret, /^whsec_/);
    const id = created.body.endpoint.id;
    assert.deepEqual(created.body.endpoint.events, ['agent.created']);

    const types = await admin('GET', '/webhook-event-types', { cookie });
    assert.ok(types.body.types.includes('credits.low') && types.body.types.includes('ping'));
    const listed = await admin('GET', `/accounts/${accountA}/webhooks`, { cookie });
    assert.ok(listed.body.endpoints.some((e: { id: string }) => e.id === id));
    assert.equal(JSON.stringify(listed.body).includes('whsec_'), false, 'the secret is never shown again');
    assert.equal(
      (await admin('GET', `/accounts/${accountA}/webhooks/${id}`, { cookie })).body.endpoint.url,
      'http://127.0.0.1:59999/hook',
    );

    const patched = await admin('PATCH', `/accounts/${accountA}/webhooks/${id}`, {
      cookie,
      csrf,
      body: { events: null, enabled: false },
    });
    assert.deepEqual(
      [patched.body.endpoint.events, patched.body.endpoint.enabled, patched.body.endpoint.disabledReason],
      [null, false, 'operator'],
    );
    const badPatch = await admin('PATCH', `/accounts/${accountA}/webhooks/${id}`, {
      cookie,
      csrf,
      body: { url: 'ftp://x' },
    });
    assert.deepEqual([badPatch.status, badPatch.body.error.code], [400, 'INVALID_BODY']);

    const ping = await admin('POST', `/accounts/${accountA}/webhooks/${id}/ping`, { cookie, csrf });
    assert.deepEqual([ping.status, ping.body.delivery.eventType, ping.body.delivery.status], [200, 'ping', 'pending']);
    const log = await admin('GET', `/accounts/${accountA}/webhooks/${id}/deliveries?size=5`, { cookie });
    assert.deepEqual([log.body.deliveries.length, log.body.pagination.currentPage], [1, 1]);
    const again = await admin('POST', `/accounts/${accountA}/webhook-deliveries/${ping.body.delivery.id}/redeliver`, {
      cookie,
      csrf,
    });
    assert.equal(again.body.delivery.id, ping.body.delivery.id);

    assert.deepEqual((await admin('DELETE', `/accounts/${accountA}/webhooks/${id}`, { cookie, csrf })).body, {
      success: true,
      deleted: true,
    });
    assert.equal((await admin('GET', `/accounts/${accountA}/webhooks/${id}`, { cookie })).status, 404);
  });

  test('GET /webhooks pages like every list: page, size (1 to 100), the pagination object', async () => {
    const { account, ctx } = await server.seedAccount();
    await createUser({ ...server.deps, passwords }, account.id, {
      email: 'owner@paged-hooks.example',
      password: PASSWORD,
    });
    const { cookie } = await signIn('owner@paged-hooks.example');
    for (const n of [1, 2, 3]) await createEndpoint(server.deps, ctx, { url: `http://127.0.0.1:59999/hook${n}` });
    const whole = await admin('GET', `/accounts/${account.id}/webhooks`, { cookie });
    const ids = whole.body.endpoints.map((e: { id: string }) => e.id);
    assert.equal(ids.length, 3);
    assert.deepEqual(whole.body.pagination, { totalPages: 1, currentPage: 1, pagingCounter: 1, hasNextPage: false });
    const first = await admin('GET', `/accounts/${account.id}/webhooks?size=2`, { cookie });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(
      first.body.endpoints.map((e: { id: string }) => e.id),
      ids.slice(0, 2),
    );
    assert.deepEqual(first.body.pagination, { totalPages: 2, currentPage: 1, pagingCounter: 1, hasNextPage: true });
    const second = await admin('GET', `/accounts/${account.id}/webhooks?size=2&page=2`, { cookie });
    assert.deepEqual(
      second.body.endpoints.map((e: { id: string }) => e.id),
      ids.slice(2),
    );
    assert.deepEqual(second.body.pagination, { totalPages: 2, currentPage: 2, pagingCounter: 3, hasNextPage: false });
    for (const query of ['size=101', 'size=0', 'page=0', 'page=x']) {
      const wrong = await admin('GET', `/accounts/${account.id}/webhooks?${query}`, { cookie });
      assert.deepEqual([wrong.status, wrong.body.error.code], [400, 'INVALID_BODY'], query);
    }
  });

  test('a webhook URL on a port fetch never connects to (25, 6667, …) is refused when saved, not at every delivery', async () => {
    // Node's fetch refuses the Fetch standard's blocked ports before connecting: such an endpoint
    // could only ever fail. Other ports, however unusual (6379), are the receiver's business.
    const { cookie, csrf } = await signIn('owner@a.example');
    const refusal = {
      success: false,
      error: {
        code: 'INVALID_BODY',
        message: 'The request is invalid.',
        list: {
          url: [
            'is refused: its port is one that web clients never connect to (a blocked port of the Fetch standard, such as 25, 6000 or 6667): serve it on another port',
          ],
        },
      },
    };
    for (const url of ['http://127.0.0.1:25/hook', 'https://hooks.example.com:6667/']) {
      const created = await admin('POST', `/accounts/${accountA}/webhooks`, { cookie, csrf, body: { url } });
      assert.deepEqual([created.status, created.body], [400, refusal], url);
    }
    const saved = await admin('POST', `/accounts/${accountA}/webhooks`, {
      cookie,
      csrf,
      body: { url: 'http://127.0.0.1:6379/hook' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const id = saved.body.endpoint.id;
    const patched = await admin('PATCH', `/accounts/${accountA}/webhooks/${id}`, {
      cookie,
      csrf,
      body: { url: 'http://127.0.0.1:25/hook' },
    });
    assert.deepEqual([patched.status, patched.body], [400, refusal]);
    const kept = await admin('GET', `/accounts/${accountA}/webhooks/${id}`, { cookie });
    assert.equal(kept.body.endpoint.url, 'http://127.0.0.1:6379/hook');
    await admin('DELETE', `/accounts/${accountA}/webhooks/${id}`, { cookie, csrf });
  });

  test('webhook events that are a list but break its bounds are told why, not "is not one of the accepted forms"', async () => {
    const { cookie, csrf } = await signIn('owner@a.example');
    const cases: Array<[unknown, string[]]> = [
      [[], ['must have at least 1 item']],
      [Array.from({ length: 51 }, (_, i) => `custom.type${i}`), ['must have at most 50 items']],
      [['x'.repeat(101)], ['must be at most 100 characters']],
      ['chat.completed', ['must be an array or null']],
    ];
    for (const [events, messages] of cases) {
      const body = { url: 'http://127.0.0.1:59999/hook', events };
      const created = await admin('POST', `/accounts/${accountA}/webhooks`, { cookie, csrf, body });
      assert.equal(created.status, 400, JSON.stringify(events));
      assert.deepEqual(created.body.error.list, {
        [Array.isArray(events) && events.length === 1 ? 'events.0' : 'events']: messages,
      });
    }
  });

  test('webhook events name only the types the service sends: an unknown one is 400, named with the accepted types', async () => {
    const { cookie, csrf } = await signIn('owner@a.example');
    const accepted = `accepted types: ${KNOWN_EVENT_TYPES.join(', ')}`;
    const url = 'http://127.0.0.1:59999/hook';
    for (const [events, message] of [
      [['chat.complete'], `"chat.complete" is not an event type; ${accepted}`],
      [
        ['agent.created', 'some.future_type', 'Agent.Created'],
        `"some.future_type", "Agent.Created" are not event types; ${accepted}`,
      ],
      [['*'], `"*" is not an event type; ${accepted}`],
    ] as const) {
      const created = await admin('POST', `/accounts/${accountA}/webhooks`, { cookie, csrf, body: { url, events } });
      assert.equal(created.status, 400, JSON.stringify(events));
      assert.deepEqual(created.body, {
        success: false,
        error: { code: 'INVALID_BODY', message: 'The request is invalid.', list: { events: [message] } },
      });
    }
    // Every type it sends is taken, ping included; null (or no list) is every type.
    const created = await admin('POST', `/accounts/${accountA}/webhooks`, {
      cookie,
      csrf,
      body: { url, events: [...KNOWN_EVENT_TYPES] },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.deepEqual(created.body.endpoint.events, KNOWN_EVENT_TYPES);
    const id = created.body.endpoint.id;
    const patched = await admin('PATCH', `/accounts/${accountA}/webhooks/${id}`, {
      cookie,
      csrf,
      body: { events: ['credits.low', 'credits.lo'] },
    });
    assert.deepEqual(
      [patched.status, patched.body.error?.list],
      [400, { events: [`"credits.lo" is not an event type; ${accepted}`] }],
    );
    const kept = await admin('GET', `/accounts/${accountA}/webhooks/${id}`, { cookie });
    assert.deepEqual(kept.body.endpoint.events, KNOWN_EVENT_TYPES);
    const all = await admin('PATCH', `/accounts/${accountA}/webhooks/${id}`, { cookie, csrf, body: { events: null } });
    assert.deepEqual([all.status, all.body.endpoint.events], [200, null]);
    await admin('DELETE', `/accounts/${accountA}/webhooks/${id}`, { cookie, csrf });
  });

  /** Every operation of the admin OpenAPI document, as [METHOD, path template]. */
  async function documentedOperations(): Promise<Array<[string, string]>> {
    const doc = (await admin('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => [method.toUpperCase(), path] as [string, string]),
    );
  }

  /** The routes that take no account: nothing of another account can be named through them. */
  const NOT_ACCOUNT_SCOPED = new Set([
    'POST /session',
    'GET /session',
    'DELETE /session',
    'POST /session/password',
    'GET /webhook-event-types',
    'GET /comparison-models',
  ]);

  /** A body each account route accepts, so that only the ids decide the answer. A new route
   * without an entry fails the tenancy test. */
  function tenancyBody(operation: string): { body?: unknown } | undefined {
    const file = () => {
      const form = new FormData();
      form.append('file', new Blob(['Opening hours: 9 to 5.'], { type: 'text/plain' }), 'hours.txt');
      return form;
    };
    const bodies: Record<string, () => unknown> = {
      'GET /accounts/{accountId}/webhooks': () => undefined,
      'POST /accounts/{accountId}/webhooks': () => ({ url: 'http://127.0.0.1:59999/x' }),
      'GET /accounts/{accountId}/webhooks/{endpointId}': () => undefined,
      'PATCH /accounts/{accountId}/webhooks/{endpointId}': () => ({ enabled: false }),
      'DELETE /accounts/{accountId}/webhooks/{endpointId}': () => undefined,
      'POST /accounts/{accountId}/webhooks/{endpointId}/ping': () => undefined,
      'GET /accounts/{accountId}/webhooks/{endpointId}/deliveries': () => undefined,
      'POST /accounts/{accountId}/webhook-deliveries/{deliveryId}/redeliver': () => undefined,
      'GET /accounts/{accountId}/overview': () => undefined,
      'GET /accounts/{accountId}/agents': () => undefined,
      'POST /accounts/{accountId}/agents': () => ({ name: 'Intruder' }),
      'GET /accounts/{accountId}/agents/{agentId}': () => undefined,
      'PATCH /accounts/{accountId}/agents/{agentId}': () => ({ name: 'Renamed' }),
      'DELETE /accounts/{accountId}/agents/{agentId}': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/tools': () => undefined,
      'PUT /accounts/{accountId}/agents/{agentId}/tools': () => ({ tools: [] }),
      'GET /accounts/{accountId}/keys': () => undefined,
      'POST /accounts/{accountId}/keys': () => ({ name: 'Intruder' }),
      'DELETE /accounts/{accountId}/keys/{keyId}': () => undefined,
      'GET /accounts/{accountId}/widget-refusals': () => undefined,
      'GET /accounts/{accountId}/inbox': () => undefined,
      'GET /accounts/{accountId}/members': () => undefined,
      'POST /accounts/{accountId}/members': () => ({ email: 'intruder@a.example', password: 'an intruder password' }),
      'DELETE /accounts/{accountId}/members/{memberId}': () => undefined,
      'GET /accounts/{accountId}/models': () => undefined,
      'GET /accounts/{accountId}/usage': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/sources': () => undefined,
      'POST /accounts/{accountId}/agents/{agentId}/sources/text': () => ({ title: 'Hours', content: 'Open 9 to 5.' }),
      'POST /accounts/{accountId}/agents/{agentId}/sources/qa': () => ({
        question: 'When are you open?',
        answer: '9 to 5.',
      }),
      'POST /accounts/{accountId}/agents/{agentId}/sources/website': () => ({ url: 'http://127.0.0.1:9/' }),
      'POST /accounts/{accountId}/agents/{agentId}/sources/files': file,
      'DELETE /accounts/{accountId}/agents/{agentId}/sources/{sourceId}': () => undefined,
      'POST /accounts/{accountId}/agents/{agentId}/search': () => ({ query: 'opening hours' }),
      'POST /accounts/{accountId}/agents/{agentId}/search/explain': () => ({ query: 'opening hours' }),
      'POST /accounts/{accountId}/agents/{agentId}/chat': () => ({ message: 'When are you open?' }),
      'GET /accounts/{accountId}/agents/{agentId}/conversations': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/messages': () => undefined,
      'DELETE /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}': () => undefined,
      'DELETE /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/messages/{messageId}': () =>
        undefined,
      'POST /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/tool/cancel/{toolCallId}': () =>
        undefined,
      'POST /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/messages/{messageId}/feedback':
        () => ({ rating: 'down' }),
      'POST /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/handoff': () => ({
        reason: 'Intruder',
      }),
      'POST /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/handoff/resolve': () => undefined,
      'POST /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/messages': () => ({
        content: 'Hi',
        authorName: 'Intruder',
      }),
      'GET /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/stream': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/transcript': () => undefined,
      'POST /accounts/{accountId}/agents/{agentId}/conversations/{conversationRef}/assign': () => ({ assignee: 'me' }),
      'POST /accounts/{accountId}/agents/{agentId}/test-questions': () => ({
        question: 'Intruder?',
        expectNothing: true,
      }),
      'GET /accounts/{accountId}/agents/{agentId}/test-questions': () => undefined,
      'POST /accounts/{accountId}/agents/{agentId}/test-questions/import': () => ({
        format: 'jsonl',
        text: '{"question": "Intruder?", "expectNothing": true}\n',
      }),
      'GET /accounts/{accountId}/agents/{agentId}/test-questions/export': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/test-questions/{questionId}': () => undefined,
      'DELETE /accounts/{accountId}/agents/{agentId}/test-questions/{questionId}': () => undefined,
      'POST /accounts/{accountId}/agents/{agentId}/test-runs': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/test-runs': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/test-runs/{runId}': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/sources/{sourceId}/text': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/sources/{sourceId}/chunks': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/insights/unanswered': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/insights/topics': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/insights/downvoted': () => undefined,
      'POST /accounts/{accountId}/agents/{agentId}/insights/answers': () => ({
        questionIds: ['qst_x'],
        answer: 'Open 9 to 5.',
      }),
      'GET /accounts/{accountId}/agents/{agentId}/insights/export': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/conversations/{conversationId}/tool-calls': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/sites': () => undefined,
      'GET /accounts/{accountId}/agents/{agentId}/sites/{siteId}': () => undefined,
      'PATCH /accounts/{accountId}/agents/{agentId}/sites/{siteId}': () => ({ schedule: 'daily' }),
      'POST /accounts/{accountId}/agents/{agentId}/sites/{siteId}/resync': () => undefined,
    };
    const make = bodies[operation];
    return make && { body: make() };
  }

  /** An agent with a source and a conversation whose assistant message waits on a tool call. */
  async function seedAgentResources(ctx: RequestContext) {
    const { store, ids } = server.deps;
    const agent = await server.seedAgent(ctx, 'Tenant bot');
    const at = server.deps.clock.now();
    const sourceId = ids.next('src');
    await store.sources.insert(
      {
        id: sourceId,
        accountId: ctx.accountId,
        agentId: agent.id,
        type: 'text',
        title: 'Hours',
        content: 'Open 9 to 5.',
        url: null,
        size: null,
        storage: 0,
        createdAt: at,
      },
      [],
    );
    const conversation = await store.conversations.insertOrGet({
      id: ids.next('conv'),
      accountId: ctx.accountId,
      agentId: agent.id,
      userId: 'customer-1',
      title: null,
      createdAt: at,
      updatedAt: at,
    });
    const [, reply] = await store.conversations.appendMessages(
      ctx.accountId,
      conversation.id,
      [
        {
          id: ids.next('msg'),
          role: 'user',
          content: 'Where is my order?',
          finishReason: null,
          credits: 0,
          toolCalls: [],
          createdAt: at,
        },
        {
          id: ids.next('msg'),
          role: 'assistant',
          content: null,
          finishReason: 'tool_calls',
          credits: 0,
          toolCalls: [{ id: ids.next('call'), name: 'lookup_order', arguments: '{}' }],
          createdAt: at,
        },
      ],
      at,
      'Where is my order?',
    );
    const site = await store.sites.remember({
      id: ids.next('site'),
      accountId: ctx.accountId,
      agentId: agent.id,
      url: 'http://127.0.0.1:9/',
      options: { maxFetches: 10 },
      createdAt: at,
    });
    const question = await addTestQuestion(server.deps, ctx, agent.id, {
      question: 'When do you open?',
      expectNothing: true,
    });
    const { run } = await startTestRun(server.deps, ctx, agent.id);
    return {
      agentId: agent.id,
      sourceId,
      conversationRef: conversation.id,
      conversationId: conversation.id,
      messageId: reply!.id,
      toolCallId: reply!.toolCalls[0]!.id,
      siteId: site.id,
      questionId: question.id,
      runId: run.id,
    };
  }

  test("another account's ids are 404 on every account route of the OpenAPI document, mounted public routes included", async () => {
    const { cookie, csrf } = await signIn('owner@a.example');
    const ctxA = operatorContext(accountA, 'free');
    const ctxB = operatorContext(accountB, 'free');
    const ownA = await seedAgentResources(ctxA);
    const ofB = {
      ...(await seedAgentResources(ctxB)),
      endpointId: endpointB,
      deliveryId: deliveryB,
      keyId: (await createKey(server.deps, accountB, { name: 'B key' })).record.id,
      memberId: await memberIdOf(accountB, 'owner@b.example'),
    };
    const idsOfA: Record<string, string> = { ...ownA };
    const idsOfB: Record<string, string> = ofB;

    const operations = await documentedOperations();
    const accountRoutes = operations.filter(([, path]) => path.startsWith('/accounts/{accountId}'));
    const unscoped = operations.filter(
      ([method, path]) => !path.startsWith('/accounts/{accountId}') && !NOT_ACCOUNT_SCOPED.has(`${method} ${path}`),
    );
    assert.deepEqual(unscoped, [], 'a route outside /accounts/{accountId} must be listed as taking no account');
    assert.ok(accountRoutes.length >= 37, `only ${accountRoutes.length} account routes found`);

    let tried = 0;
    for (const [method, template] of accountRoutes) {
      const operation = `${method} ${template}`;
      const request = tenancyBody(operation);
      assert.ok(request, `no tenancy case for ${operation}: add a body to tenancyBody`);
      const params = [...template.matchAll(/\{(\w+)\}/g)]
        .map((match) => match[1] as string)
        .filter((name) => name !== 'accountId');
      for (const name of params) assert.ok(idsOfB[name], `no id of account B for {${name}} in ${operation}`);
      const fill = (accountId: string, ownPrefix: number) =>
        params.reduce(
          (path, name, index) =>
            path.replace(
              `{${name}}`,
              encodeURIComponent(index < ownPrefix ? (idsOfA[name] as string) : (idsOfB[name] as string)),
            ),
          template.replace('{accountId}', accountId),
        );

      // (a) B's account, by a user of A: the account is not found, whatever the ids.
      const path = fill(accountB, 0);
      const inB = await admin(method, path, { cookie, csrf, body: tenancyBody(operation)?.body });
      assert.deepEqual([inB.status, inB.body?.error?.code], [404, 'NOT_FOUND'], `${method} ${path}`);
      tried++;
      // (b) A's account with B's ids, and with A's own agent (and conversation) holding B's deeper ids.
      for (let ownPrefix = 0; ownPrefix < params.length; ownPrefix++) {
        if (params.slice(0, ownPrefix).some((name) => !idsOfA[name])) break;
        const mixed = fill(accountA, ownPrefix);
        const inA = await admin(method, mixed, { cookie, csrf, body: tenancyBody(operation)?.body });
        assert.equal(inA.status, 404, `${method} ${mixed}: ${JSON.stringify(inA.body)}`);
        assert.match(inA.body.error.code, /NOT_FOUND$/, `${method} ${mixed}`);
        tried++;
      }
    }
    assert.ok(tried > accountRoutes.length);

    // Nothing of B changed, and nothing was made in either account.
    const { store } = server.deps;
    assert.equal((await store.webhooks.getEndpoint(accountB, endpointB))?.enabled, true);
    assert.equal((await store.agents.get(accountB, ofB.agentId))?.name, 'Tenant bot');
    assert.ok(await store.sources.get(accountB, ofB.agentId, ofB.sourceId));
    assert.equal((await store.conversations.get(accountB, ofB.agentId, ofB.conversationRef))?.messageCount, 2);
    assert.equal((await store.toolCalls.get(accountB, ofB.conversationRef, ofB.toolCallId))?.status, 'pending');
    assert.equal((await store.messages.get(accountB, ofB.conversationRef, ofB.messageId))?.feedback, null);
    assert.equal((await store.keys.get(accountB, ofB.keyId))?.revokedAt, null);
    assert.ok(await store.members.findByEmail(accountB, 'owner@b.example'));
    assert.equal((await store.conversations.get(accountA, ownA.agentId, ownA.conversationRef))?.messageCount, 2);
    assert.equal((await store.agents.list(accountB, { page: 1, size: 100 })).total, 1);
    assert.equal(await store.members.findByEmail(accountB, 'intruder@a.example'), undefined);
    assert.equal(await store.users.findByEmail('intruder@a.example'), undefined);
  });

  test('every unsafe route of the OpenAPI document refuses a missing, wrong or foreign CSRF token (403 CSRF_TOKEN_INVALID)', async () => {
    const { cookie, csrf } = await signIn('owner@a.example');
    const foreign = (await signIn('owner@b.example')).csrf;
    const unsafe = (await documentedOperations()).filter(
      ([method, path]) => !['GET', 'HEAD', 'OPTIONS'].includes(method) && `${method} ${path}` !== 'POST /session',
    );
    assert.ok(unsafe.length >= 25, `only ${unsafe.length} unsafe routes found`);
    for (const [method, template] of unsafe) {
      const path = template.replace('{accountId}', accountA).replace(/\{\w+\}/g, 'id_x');
      for (const token of [undefined, 'wrong', `${csrf}x`, foreign]) {
        const refused = await admin(method, path, {
          cookie,
          csrf: token,
          body: tenancyBody(`${method} ${template}`)?.body,
        });
        assert.deepEqual(
          [refused.status, refused.body?.error?.code],
          [403, 'CSRF_TOKEN_INVALID'],
          `${method} ${path} with ${token === undefined ? 'no' : 'a bad'} token`,
        );
      }
    }
    assert.equal((await admin('GET', '/session', { cookie })).status, 200, 'still signed in');
  });

  test('sign-out ends the session in the database and clears the cookie', async () => {
    const { cookie, csrf } = await signIn('owner@a.example');
    const out = await admin('DELETE', '/session', { cookie, csrf });
    assert.equal(out.status, 200);
    assert.match(
      out.headers.get('set-cookie') ?? '',
      /^colloquy_session=; Path=\/api\/admin; Max-Age=0; HttpOnly; SameSite=Strict$/,
    );
    assert.equal((await admin('GET', '/session', { cookie })).status, 401);
  });

  test('the admin API has its own OpenAPI document; the public one does not list it', async () => {
    const doc = await admin('GET', '/openapi.json');
    assert.equal(doc.status, 200);
    assert.equal(doc.body.servers[0].url, '/api/admin/v1');
    assert.ok(doc.body.paths['/session'].post);
    assert.ok(doc.body.paths['/accounts/{accountId}/webhooks/{endpointId}/deliveries'].get);
    assert.ok(Object.keys(doc.body.paths).every((path: string) => !path.startsWith('/agents')));
    const publicDoc = (await (await fetch(`${server.baseUrl}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    assert.ok(Object.keys(publicDoc.paths).every((path) => !path.includes('session') && !path.includes('webhooks')));
    assert.ok(publicDoc.paths['/agents']);
  });
});
