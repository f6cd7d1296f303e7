// Publishable (widget) keys made through the admin API, as the console's Widget tab makes them: the
// key view with its kind and origins, the identity secret in the creation answer only, the same
// rules as the CLI's (one agent of this account, real origins), and the key working on the widget
// routes from its origins.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import { signUserId } from '../../src/domain/widget/visitor-identity.ts';

const T0 = Date.parse('2026-11-10T12:00:00.000Z');
const SHOP = 'https://shop.example';

describe('admin API: publishable keys', () => {
  const clock = createTestClock(T0);
  let server: TestServer;
  let client: AdminClient;
  let member: ReturnType<AdminClient['as']>;
  let accountA: string;
  let agentA: string;
  let otherAgentA: string;
  let agentB: string;

  before(async () => {
    server = await startTestServer({ clock });
    client = adminClient(server);
    const a = await server.seedAccount('free', 100);
    accountA = a.account.id;
    agentA = (await server.seedAgent(a.ctx, 'Shop helper')).id;
    otherAgentA = (await server.seedAgent(a.ctx, 'Billing')).id;
    const b = await server.seedAccount('free', 100);
    agentB = (await server.seedAgent(b.ctx, 'B bot')).id;
    await client.addUser(accountA, 'mate@a.example', 'teammate');
    member = client.as(await client.signIn('mate@a.example'));
  });
  after(() => server.close());

  const create = (body: unknown) => member('POST', `/accounts/${accountA}/keys`, body);

  test('POST /keys with kind publishable: the key view with kind and origins, a cq_pub_ secret and the identity secret, once', async () => {
    const response = await create({
      name: 'Shop website',
      kind: 'publishable',
      allowedAgentIds: [agentA],
      allowedOrigins: [SHOP, 'http://localhost:8080', SHOP],
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const { key, secret, identitySecret } = response.body;
    assert.match(secret, /^cq_pub_[\w-]{43}$/);
    assert.match(identitySecret, /^[\w-]{43}$/);
    assert.deepEqual(response.body, {
      success: true,
      key: {
        id: key.id,
        name: 'Shop website',
        prefix: secret.slice(0, 9),
        status: 'active',
        kind: 'publishable',
        allowedAgentIds: [agentA],
        allowedIps: null,
        allowedOrigins: [SHOP, 'http://localhost:8080'],
        expiresAt: null,
        quota: null,
        usage: 0,
        lastUsedAt: null,
        revokedAt: null,
        createdAt: '2026-11-10T12:00:00.000Z',
      },
      secret,
      identitySecret,
    });

    const listed = await member('GET', `/accounts/${accountA}/keys`);
    assert.deepEqual(
      listed.body.keys.find((k: { id: string }) => k.id === key.id),
      key,
      'listed with its kind and origins',
    );
    assert.ok(!JSON.stringify(listed.body).includes(identitySecret), 'the identity secret is not listed');
    assert.ok(!JSON.stringify(listed.body).includes(secret.slice(9)), 'nor the key');

    // The agent keeps one identity secret: a second publishable key answers the same one.
    const second = await create({
      name: 'Shop staging',
      kind: 'publishable',
      allowedAgentIds: [agentA],
      allowedOrigins: ['https://staging.shop.example'],
    });
    assert.equal(second.body.identitySecret, identitySecret);
    // An origin pasted from the address bar (a trailing slash, capitals) is kept as browsers send it.
    const pasted = await create({
      name: 'Shop pasted',
      kind: 'publishable',
      allowedAgentIds: [agentA],
      allowedOrigins: ['https://Shop.Example/', 'https://shop.example'],
    });
    assert.deepEqual([pasted.status, pasted.body.key.allowedOrigins], [200, ['https://shop.example']]);
    // A secret key says so and carries no identity secret.
    const plain = await create({ name: 'Backend', kind: 'secret' });
    assert.deepEqual(
      [plain.body.key.kind, plain.body.key.allowedOrigins, 'identitySecret' in plain.body],
      ['secret', null, false],
    );
    assert.match(plain.body.secret, /^cq_(?!pub_)/);
  });

  test('the console-made key opens the widget routes from its origin only, and signs user ids with the secret shown', async () => {
    const { secret, identitySecret } = (
      await create({ name: 'Widget', kind: 'publishable', allowedAgentIds: [agentA], allowedOrigins: [SHOP] })
    ).body;
    const started = await server.call('POST', '/widget/visitors', { key: secret, body: {}, headers: { origin: SHOP } });
    assert.equal(started.status, 200, started.text);
    assert.deepEqual(started.body.agent, { id: agentA, name: 'Shop helper' });
    assert.equal(started.headers.get('access-control-allow-origin'), SHOP);
    const elsewhere = await server.call('POST', '/widget/visitors', {
      key: secret,
      body: {},
      headers: { origin: 'https://evil.example' },
    });
    assert.deepEqual([elsewhere.status, elsewhere.body.error.code], [403, 'ORIGIN_NOT_ALLOWED']);
    const user = {
      'x-colloquy-user': 'customer-17',
      'x-colloquy-user-hash': signUserId(identitySecret, 'customer-17'),
    };
    const conversation = await server.call('GET', '/widget/conversation', {
      key: secret,
      headers: { origin: SHOP, ...user },
    });
    assert.deepEqual([conversation.status, conversation.body.messages], [200, []]);
    assert.deepEqual((await server.call('GET', '/agents', { key: secret, headers: { origin: SHOP } })).body, {
      error: 'Unauthorized',
      code: 'AUTH_REQUIRED',
    });
  });

  test('GET /widget-refusals: refused origins and wrong user hashes per key, counted, latest first, bounded per key', async () => {
    const { key, secret, identitySecret } = (
      await create({ name: 'Refused site', kind: 'publishable', allowedAgentIds: [agentA], allowedOrigins: [SHOP] })
    ).body;
    const visit = (origin: string, headers: Record<string, string> = {}) =>
      server.call('POST', '/widget/visitors', { key: secret, body: {}, headers: { origin, ...headers } });
    await visit('https://evil.example');
    clock.advance(1_000);
    await visit('https://evil.example');
    clock.advance(1_000);
    const wrongHash = {
      'x-colloquy-user': 'customer-17',
      'x-colloquy-user-hash': signUserId(`${identitySecret}x`, 'customer-17'),
    };
    assert.equal(
      (await server.call('GET', '/widget/conversation', { key: secret, headers: { origin: SHOP, ...wrongHash } })).body
        .code,
      'USER_HASH_INVALID',
    );
    const listed = await member('GET', `/accounts/${accountA}/widget-refusals`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const mine = listed.body.refusals.filter((refusal: { keyId: string }) => refusal.keyId === key.id);
    assert.deepEqual(mine, [
      {
        keyId: key.id,
        reason: 'user-hash',
        origin: SHOP,
        count: 1,
        firstAt: new Date(clock.now()).toISOString(),
        lastAt: new Date(clock.now()).toISOString(),
      },
      {
        keyId: key.id,
        reason: 'origin',
        origin: 'https://evil.example',
        count: 2,
        firstAt: new Date(clock.now() - 2_000).toISOString(),
        lastAt: new Date(clock.now() - 1_000).toISOString(),
      },
    ]);
    for (let i = 0; i < 30; i++) {
      clock.advance(1);
      await visit(`https://site${i}.example`);
    }
    const bounded = (await member('GET', `/accounts/${accountA}/widget-refusals`)).body.refusals.filter(
      (refusal: { keyId: string }) => refusal.keyId === key.id,
    );
    assert.equal(bounded.length, 20, 'a key keeps its 20 latest');
    assert.equal(bounded[0].origin, 'https://site29.example');
  });

  test("refused with 400 INVALID_BODY listing the fields, nothing created: bad or missing origins, no or two agents, another account's agent, origins on a secret key", async () => {
    const keyCount = async () => ((await member('GET', `/accounts/${accountA}/keys`)).body.keys as unknown[]).length;
    const before = await keyCount();
    const cases: Array<[unknown, Record<string, RegExp>]> = [
      [
        {
          name: 'w',
          kind: 'publishable',
          allowedAgentIds: [agentA],
          allowedOrigins: ['https://shop.example/path', '*', 'shop.example'],
        },
        {
          allowedOrigins:
            /"https:\/\/shop\.example\/path" is not an origin.*"\*" is not an origin.*"shop\.example" is not an origin/,
        },
      ],
      [
        { name: 'w', kind: 'publishable', allowedAgentIds: [agentA], allowedOrigins: ['ftp://shop.example'] },
        { allowedOrigins: /is not an origin/ },
      ],
      [{ name: 'w', kind: 'publishable', allowedAgentIds: [agentA] }, { allowedOrigins: /at least one origin/ }],
      [
        { name: 'w', kind: 'publishable', allowedAgentIds: [agentA], allowedOrigins: [] },
        { allowedOrigins: /at least one origin/ },
      ],
      [{ name: 'w', kind: 'publishable', allowedOrigins: [SHOP] }, { allowedAgentIds: /exactly one agent/ }],
      [
        { name: 'w', kind: 'publishable', allowedAgentIds: [agentA, otherAgentA], allowedOrigins: [SHOP] },
        { allowedAgentIds: /exactly one agent/ },
      ],
      [
        { name: 'w', kind: 'publishable', allowedAgentIds: [agentB], allowedOrigins: [SHOP] },
        { allowedAgentIds: new RegExp(`"${agentB}" is not an agent of this account`) },
      ],
      [{ name: 'w', allowedOrigins: [SHOP] }, { allowedOrigins: /only for publishable keys/ }],
      [{ name: 'w', kind: 'secret', allowedOrigins: [SHOP] }, { allowedOrigins: /only for publishable keys/ }],
      [{ name: 'w', kind: 'widget', allowedAgentIds: [agentA], allowedOrigins: [SHOP] }, { kind: /.+/ }],
    ];
    for (const [body, fields] of cases) {
      const response = await create(body);
      assert.deepEqual(
        [response.status, response.body.error.code, Object.keys(response.body.error.list).sort()],
        [400, 'INVALID_BODY', Object.keys(fields).sort()],
        JSON.stringify(body),
      );
      for (const [field, message] of Object.entries(fields))
        assert.match(response.body.error.list[field].join(' '), message, field);
    }
    assert.equal(await keyCount(), before);
    // An agent's identity secret is shown only as a key is made, so whether a refused call made one
    // cannot be seen through the API.
    assert.equal(
      (await server.deps.store.widgetSecrets.get(accountA, otherAgentA)) ?? null,
      null,
      'no identity secret made for a refused key',
    );
  });
});
