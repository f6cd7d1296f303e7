// The admin API through the real server: sign-in and its cookie, CSRF, brute-force slowing,
// tenancy (another account's ids are 404 on every route), the webhook routes and the OpenAPI document.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createUser } from '../../src/domain/users/create-user.ts';
import { createScryptPasswordHasher } from '../../src/providers/crypto/scrypt-password-hasher.ts';
import { createEndpoint } from '../../src/domain/webhooks/create-endpoint.ts';
import { sendTestPing } from '../../src/domain/webhooks/send-test-ping.ts';

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

  async function admin(method: string, path: string, options: { cookie?: string; csrf?: string; body?: unknown } = {}): Promise<AdminResponse> {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.csrf) headers['x-csrf-token'] = options.csrf;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.baseUrl}/api/admin/v1${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  async function signIn(email: string, password = PASSWORD): Promise<{ cookie: string; csrf: string; response: AdminResponse }> {
    const response = await admin('POST', '/session', { body: { email, password } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
    return { cookie, csrf: response.body.csrfToken, response };
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
    endpointB = (await createEndpoint(server.deps, b.ctx, { url: 'http://127.0.0.1:9/b' })).endpoint.id;
    deliveryB = (await sendTestPing(server.deps, b.ctx, endpointB)).id;
  });
  after(() => server.close());

  test('sign-in sets an HTTP-only, SameSite=Strict cookie and answers the user, accounts and CSRF token', async () => {
    const { response } = await signIn('Owner@A.example');
    const setCookie = response.headers.get('set-cookie') ?? '';
    assert.match(setCookie, /^colloquy_session=cqs_[\w-]{43}; Path=\/api\/admin; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    assert.deepEqual(Object.keys(response.body).sort(), ['accounts', 'csrfToken', 'expiresAt', 'success', 'user']);
    assert.equal(response.body.user.email, 'owner@a.example');
    assert.deepEqual(response.body.accounts, [{ id: accountA, name: 'Account free', role: 'owner' }]);
    assert.match(response.body.csrfToken, /^[\w-]{43}$/);
  });

  test('a wrong password or an unknown email is 401 in the flat shape', async () => {
    for (const [email, password] of [['owner@a.example', 'wrong password!!'], ['nobody@a.example', PASSWORD]]) {
      const response = await admin('POST', '/session', { body: { email, password } });
      assert.equal(response.status, 401);
      assert.deepEqual(response.body, { error: 'Unauthorized', code: 'AUTH_REQUIRED' });
      assert.equal(response.headers.get('set-cookie'), null);
    }
    const invalid = await admin('POST', '/session', { body: { email: 'owner@a.example' } });
    assert.deepEqual([invalid.status, invalid.body.error.code, invalid.body.error.list], [400, 'INVALID_BODY', { password: ['is required'] }]);
  });

  test('guessing is slowed: after 5 failures even the right password waits (429 with Retry-After)', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await admin('POST', '/session', { body: { email: 'guessed@a.example', password: `guess number ${i}` } })).status, 401);
    const held = await admin('POST', '/session', { body: { email: 'guessed@a.example', password: PASSWORD } });
    assert.equal(held.status, 429);
    assert.equal(held.body.error.code, 'RATE_LIMITED');
    assert.ok(Number(held.headers.get('retry-after')) >= 1);
    assert.equal((await admin('POST', '/session', { body: { email: 'owner@a.example', password: PASSWORD } })).status, 200, 'another email is not held back');
  });

  test('without a session every route is 401; a made-up cookie too', async () => {
    for (const [method, path] of [['GET', '/session'], ['GET', `/accounts/${accountA}/webhooks`], ['DELETE', '/session']]) {
      assert.deepEqual((await admin(method as string, path as string)).body, { error: 'Unauthorized', code: 'AUTH_REQUIRED' });
      assert.equal((await admin(method as string, path as string, { cookie: 'colloquy_session=cqs_madeup' })).status, 401);
      assert.equal((await admin(method as string, path as string, { cookie: 'colloquy_session=%E0%A4%A' })).status, 401, 'a malformed cookie is no session, not a 500');
    }
  });

  test('unsafe methods without the CSRF token are refused (403 CSRF_TOKEN_INVALID)', async () => {
    const { cookie, csrf } = await signIn('owner@a.example');
    const body = { url: 'http://127.0.0.1:9/a' };
    for (const token of [undefined, 'wrong', `${csrf}x`]) {
      const refused = await admin('POST', `/accounts/${accountA}/webhooks`, { cookie, csrf: token, body });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.error.code, 'CSRF_TOKEN_INVALID');
    }
    const other = await signIn('owner@b.example');
    assert.equal((await admin('POST', `/accounts/${accountA}/webhooks`, { cookie, csrf: other.csrf, body })).status, 403, "another session's token does not fit");
    assert.equal((await admin('GET', `/accounts/${accountA}/webhooks`, { cookie })).status, 200, 'reads need no token');
    assert.equal((await admin('GET', '/session', { cookie })).body.csrfToken, csrf, 'GET /session gives the token again after a reload');
  });

  test('webhooks through the admin API: create, list, get, update, ping, log, redeliver, delete', async () => {
    const { cookie, csrf } = await signIn('mate@a.example');
    const created = await admin('POST', `/accounts/${accountA}/webhooks`, { cookie, csrf, body: { url: 'http://127.0.0.1:9/hook', events: ['agent.created'] } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.match(created.body.secret, /^whsec_/);
    const id = created.body.endpoint.id;
    assert.deepEqual(created.body.endpoint.events, ['agent.created']);

    const types = await admin('GET', '/webhook-event-types', { cookie });
    assert.ok(types.body.types.includes('credits.low') && types.body.types.includes('ping'));
    const listed = await admin('GET', `/accounts/${accountA}/webhooks`, { cookie });
    assert.ok(listed.body.endpoints.some((e: { id: string }) => e.id === id));
    assert.equal(JSON.stringify(listed.body).includes('whsec_'), false, 'the secret is never shown again');
    assert.equal((await admin('GET', `/accounts/${accountA}/webhooks/${id}`, { cookie })).body.endpoint.url, 'http://127.0.0.1:9/hook');

    const patched = await admin('PATCH', `/accounts/${accountA}/webhooks/${id}`, { cookie, csrf, body: { events: null, enabled: false } });
    assert.deepEqual([patched.body.endpoint.events, patched.body.endpoint.enabled, patched.body.endpoint.disabledReason], [null, false, 'operator']);
    const badPatch = await admin('PATCH', `/accounts/${accountA}/webhooks/${id}`, { cookie, csrf, body: { url: 'ftp://x' } });
    assert.deepEqual([badPatch.status, badPatch.body.error.code], [400, 'INVALID_BODY']);

    const ping = await admin('POST', `/accounts/${accountA}/webhooks/${id}/ping`, { cookie, csrf });
    assert.deepEqual([ping.status, ping.body.delivery.eventType, ping.body.delivery.status], [200, 'ping', 'pending']);
    const log = await admin('GET', `/accounts/${accountA}/webhooks/${id}/deliveries?size=5`, { cookie });
    assert.deepEqual([log.body.deliveries.length, log.body.pagination.currentPage], [1, 1]);
    const again = await admin('POST', `/accounts/${accountA}/webhook-deliveries/${ping.body.delivery.id}/redeliver`, { cookie, csrf });
    assert.equal(again.body.delivery.id, ping.body.delivery.id);

    assert.deepEqual((await admin('DELETE', `/accounts/${accountA}/webhooks/${id}`, { cookie, csrf })).body, { success: true, deleted: true });
    assert.equal((await admin('GET', `/accounts/${accountA}/webhooks/${id}`, { cookie })).status, 404);
  });

  test("another account's ids are 404 on every route", async () => {
    const { cookie, csrf } = await signIn('owner@a.example');
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/accounts/${accountB}/webhooks`],
      ['POST', `/accounts/${accountB}/webhooks`, { url: 'http://127.0.0.1:9/x' }],
      ['GET', `/accounts/${accountB}/webhooks/${endpointB}`],
      ['GET', `/accounts/${accountA}/webhooks/${endpointB}`],
      ['PATCH', `/accounts/${accountA}/webhooks/${endpointB}`, { enabled: false }],
      ['PATCH', `/accounts/${accountB}/webhooks/${endpointB}`, { enabled: false }],
      ['DELETE', `/accounts/${accountA}/webhooks/${endpointB}`],
      ['POST', `/accounts/${accountA}/webhooks/${endpointB}/ping`],
      ['GET', `/accounts/${accountA}/webhooks/${endpointB}/deliveries`],
      ['POST', `/accounts/${accountA}/webhook-deliveries/${deliveryB}/redeliver`],
      ['POST', `/accounts/${accountB}/webhook-deliveries/${deliveryB}/redeliver`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await admin(method, path, { cookie, csrf, body });
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.equal(response.body.error.code, 'NOT_FOUND');
    }
    assert.equal((await server.deps.store.webhooks.getEndpoint(accountB, endpointB))?.enabled, true, 'nothing changed');
  });

  test('sign-out ends the session in the database and clears the cookie', async () => {
    const { cookie, csrf } = await signIn('owner@a.example');
    const out = await admin('DELETE', '/session', { cookie, csrf });
    assert.equal(out.status, 200);
    assert.match(out.headers.get('set-cookie') ?? '', /^colloquy_session=; Path=\/api\/admin; Max-Age=0; HttpOnly; SameSite=Strict$/);
    assert.equal((await admin('GET', '/session', { cookie })).status, 401);
  });

  test('the admin API has its own OpenAPI document; the public one does not list it', async () => {
    const doc = await admin('GET', '/openapi.json');
    assert.equal(doc.status, 200);
    assert.equal(doc.body.servers[0].url, '/api/admin/v1');
    assert.ok(doc.body.paths['/session'].post);
    assert.ok(doc.body.paths['/accounts/{accountId}/webhooks/{endpointId}/deliveries'].get);
    assert.ok(Object.keys(doc.body.paths).every((path: string) => !path.startsWith('/agents')));
    const publicDoc = (await (await fetch(`${server.baseUrl}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    assert.ok(Object.keys(publicDoc.paths).every((path) => !path.includes('session') && !path.includes('webhooks')));
    assert.ok(publicDoc.paths['/agents']);
  });
});
