// Over 300 lines: one file per resource's contract (the console-only admin routes); cases are independent.
// The console-only admin routes through the real server: the account overview, creating and
// deleting agents and their client tools, API keys (and a console-made key used on the public
// API), members with the owner rule, and the password change.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { adminClient, TEST_PASSWORD, type AdminClient } from '../support/admin-client.ts';
import { chargeCredits, refundCharge } from '../../src/domain/credits/charge.ts';
import { createKey, revokeKey } from '../../src/domain/keys/create-key.ts';
import type { RequestContext } from '../../src/domain/context.ts';
import { addTextSource } from '../../src/domain/knowledge/add-text-source.ts';

const T0 = Date.parse('2026-11-10T12:00:00.000Z');
const LOOKUP_ORDER = {
  name: 'lookup_order',
  description: 'Finds an order by its number.',
  parameters: { type: 'object', properties: { orderNumber: { type: 'string' } }, required: ['orderNumber'] },
};
const TRACK_PARCEL = { name: 'track-parcel', description: '', parameters: { type: 'object', properties: {} } };

describe('admin console: overview', () => {
  const clock = createTestClock(T0);
  let server: TestServer;
  let client: AdminClient;
  let accountId: string;
  let agents: Record<'alpha' | 'beta' | 'gamma', string>;

  before(async () => {
    server = await startTestServer({ clock });
    client = adminClient(server);
    const { account, ctx } = await server.seedAccount('free', 100);
    accountId = account.id;
    await client.addUser(accountId, 'owner@o.example');
    await client.addUser(accountId, 'mate@o.example', 'teammate');
    agents = {
      alpha: (await server.seedAgent(ctx, 'Alpha')).id,
      beta: (await server.seedAgent(ctx, 'Beta')).id,
      gamma: (await server.seedAgent(ctx, 'Gamma')).id,
    };
    const charge = (credits: number, agentId: string) =>
      server.deps.store.transaction((tx) =>
        chargeCredits(tx, server.deps, ctx, { credits, agentId, description: 'test' }),
      );
    // 10 November: Alpha 1 and Beta 0.2.
    await charge(1, agents.alpha);
    await charge(0.2, agents.beta);
    // 11 November: Alpha 1, and 1 more refunded (a request that counts, credits that do not); Gamma 2 × 0.2.
    clock.set(Date.parse('2026-11-11T09:00:00.000Z'));
    await charge(1, agents.alpha);
    await refundCharge(server.deps, ctx as RequestContext, await charge(1, agents.alpha));
    await charge(0.2, agents.gamma);
    await charge(0.2, agents.gamma);
    // Keys: one active, one revoked, one expired by the time of the overview.
    await createKey(server.deps, accountId, { name: 'active' });
    await revokeKey(server.deps, accountId, (await createKey(server.deps, accountId, { name: 'revoked' })).record.id);
    await createKey(server.deps, accountId, { name: 'expiring', expiresAt: clock.now() + 3_600_000 });
    clock.set(Date.parse('2026-11-12T10:00:00.000Z'));
  });
  after(() => server.close());

  test('GET /overview?days=3: every day of the period, exactly, with the role, limits, top agents and counts', async () => {
    const owner = client.as(await client.signIn('owner@o.example'));
    const response = await owner('GET', `/accounts/${accountId}/overview?days=3`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body, {
      success: true,
      account: {
        id: accountId,
        name: 'Account free',
        plan: 'free',
        role: 'owner',
        createdAt: '2026-11-10T12:00:00.000Z',
      },
      balance: { credits: 97.4, lastRefill: { credits: 100, at: '2026-11-10T12:00:00.000Z' } },
      limits: { requestsPerMinute: 10, storageLimit: 400_000, crawlPageLimit: 20 },
      period: { from: '2026-11-10T00:00:00.000Z', to: '2026-11-12T10:00:00.000Z' },
      credits: {
        total: 2.6,
        byDay: [
          { date: '2026-11-10', credits: 1.2 },
          { date: '2026-11-11', credits: 1.4 },
          { date: '2026-11-12', credits: 0 },
        ],
      },
      requests: {
        total: 6,
        byDay: [
          { date: '2026-11-10', count: 2 },
          { date: '2026-11-11', count: 4 },
          { date: '2026-11-12', count: 0 },
        ],
      },
      topAgents: [
        { agentId: agents.alpha, name: 'Alpha', credits: 2, requests: 3 },
        { agentId: agents.gamma, name: 'Gamma', credits: 0.4, requests: 2 },
        { agentId: agents.beta, name: 'Beta', credits: 0.2, requests: 1 },
      ],
      counts: { agents: 3, keys: 1, members: 2 },
    });
  });

  test('a shorter period leaves earlier days out; the default is 30 days; a teammate sees their role', async () => {
    const mate = client.as(await client.signIn('mate@o.example'));
    const two = (await mate('GET', `/accounts/${accountId}/overview?days=2`)).body;
    assert.equal(two.account.role, 'teammate');
    assert.deepEqual(
      [two.period.from, two.credits, two.requests.total],
      [
        '2026-11-11T00:00:00.000Z',
        {
          total: 1.4,
          byDay: [
            { date: '2026-11-11', credits: 1.4 },
            { date: '2026-11-12', credits: 0 },
          ],
        },
        4,
      ],
    );
    assert.deepEqual(
      two.topAgents.map((row: { name: string }) => row.name),
      ['Alpha', 'Gamma'],
    );
    const month = (await mate('GET', `/accounts/${accountId}/overview`)).body;
    assert.equal(month.credits.byDay.length, 30);
    assert.equal(month.requests.byDay.length, 30);
    assert.deepEqual(
      [month.credits.byDay[0].date, month.requests.byDay.at(-1).date, month.period.from],
      ['2026-10-14', '2026-11-12', '2026-10-14T00:00:00.000Z'],
    );
    assert.equal((await mate('GET', `/accounts/${accountId}/overview?days=366`)).body.requests.byDay.length, 366);
  });

  for (const days of ['0', '367', 'ten', '1.5', '0x2', '1e0']) {
    test(`GET /overview?days=${days} → 400 INVALID_BODY listing days`, async () => {
      const owner = client.as(await client.signIn('owner@o.example'));
      const response = await owner('GET', `/accounts/${accountId}/overview?days=${days}`);
      assert.deepEqual(
        [response.status, response.body.error.code, Object.keys(response.body.error.list)],
        [400, 'INVALID_BODY', ['days']],
      );
    });
  }

  test('a deleted agent stays among the top agents with name null; at most 5 are listed', async () => {
    const owner = client.as(await client.signIn('owner@o.example'));
    assert.equal((await owner('DELETE', `/accounts/${accountId}/agents/${agents.beta}`)).status, 200);
    const ctx: RequestContext = { accountId, plan: 'free', key: null, requestId: 'test' };
    for (const name of ['D', 'E', 'F', 'G']) {
      const agent = await server.seedAgent(ctx, name);
      await server.deps.store.transaction((tx) =>
        chargeCredits(tx, server.deps, ctx, { credits: 0.1, agentId: agent.id, description: 'test' }),
      );
    }
    const body = (await owner('GET', `/accounts/${accountId}/overview?days=3`)).body;
    assert.equal(body.topAgents.length, 5);
    assert.deepEqual(body.topAgents.slice(0, 3), [
      { agentId: agents.alpha, name: 'Alpha', credits: 2, requests: 3 },
      { agentId: agents.gamma, name: 'Gamma', credits: 0.4, requests: 2 },
      { agentId: agents.beta, name: null, credits: 0.2, requests: 1 },
    ]);
    assert.deepEqual(body.counts, { agents: 6, keys: 1, members: 2 });
  });
});

describe('admin console', () => {
  const clock = createTestClock(T0);
  let server: TestServer;
  let client: AdminClient;
  let accountA: string;
  let ctxA: RequestContext;
  let accountB: string;
  let agentB: string;
  let owner: ReturnType<AdminClient['as']>;
  let mate: ReturnType<AdminClient['as']>;

  before(async () => {
    server = await startTestServer({ clock });
    client = adminClient(server);
    const a = await server.seedAccount('free', 100);
    accountA = a.account.id;
    ctxA = a.ctx;
    const b = await server.seedAccount('free', 100);
    accountB = b.account.id;
    agentB = (await server.seedAgent(b.ctx, 'B bot')).id;
    await client.addUser(accountA, 'owner@a.example');
    await client.addUser(accountA, 'mate@a.example', 'teammate');
    await client.addUser(accountB, 'owner@b.example');
  });
  after(() => server.close());

  async function signInAll(): Promise<void> {
    owner = client.as(await client.signIn('owner@a.example'));
    mate = client.as(await client.signIn('mate@a.example'));
  }

  /** Account B as its owner sees it: what a refused call of A's people left untouched. */
  async function asOwnerB() {
    return client.as(await client.signIn('owner@b.example'));
  }

  const agentCount = async () =>
    ((await owner('GET', `/accounts/${accountA}/agents?size=100`)).body.agents as unknown[]).length;
  const keyCount = async () => ((await owner('GET', `/accounts/${accountA}/keys`)).body.keys as unknown[]).length;

  describe('agents', () => {
    before(signInAll);

    test('POST /agents creates an agent with tools: the console agent view, exactly; agent.created', async () => {
      const response = await mate('POST', `/accounts/${accountA}/agents`, {
        name: '  Helper ',
        instructions: 'Be kind.',
        tools: [LOOKUP_ORDER],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const { agent } = response.body;
      assert.match(agent.id, /^agt_/);
      assert.deepEqual(response.body, {
        success: true,
        agent: {
          id: agent.id,
          name: 'Helper',
          model: 'colloquy-extractive',
          instructions: 'Be kind.',
          usage: 0,
          createdAt: '2026-11-10T12:00:00.000Z',
          storage: { used: 0, limit: 400_000 },
          tools: [LOOKUP_ORDER],
        },
      });
      const minimal = await mate('POST', `/accounts/${accountA}/agents`, { name: 'Plain' });
      assert.deepEqual([minimal.body.agent.instructions, minimal.body.agent.tools], ['', []]);
      // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
      const events = (await server.deps.store.events.list(accountA, { page: 1, size: 50 })).items
        .filter((e) => e.type === 'agent.created')
        .map((e) => (e.data.agent as { id: string }).id);
      assert.ok(events.includes(agent.id));
      const listed = await owner('GET', `/accounts/${accountA}/agents/${agent.id}`);
      assert.deepEqual([listed.status, listed.body.agent.name], [200, 'Helper'], 'the mounted public route sees it');
    });

    const badTools: Array<[string, unknown, RegExp]> = [
      ['a name used twice', [LOOKUP_ORDER, LOOKUP_ORDER], /\[1\]\.name "lookup_order" is used twice/],
      [
        'parameters that are not a JSON Schema',
        [{ ...LOOKUP_ORDER, parameters: { type: 'object', properties: 5 } }],
        /\[0\]\.parameters is not a valid JSON Schema/,
      ],
      [
        'parameters that are not an object schema',
        [{ ...LOOKUP_ORDER, parameters: { type: 'string' } }],
        /\[0\]\.parameters must be a JSON Schema object/,
      ],
      ['a bad name', [{ ...LOOKUP_ORDER, name: 'look up' }], /\[0\]\.name must be 1 to 64/],
      [
        '33 tools',
        Array.from({ length: 33 }, (_, i) => ({ ...LOOKUP_ORDER, name: `tool_${i}` })),
        /must have at most 32 tools/,
      ],
    ];
    for (const [label, tools, message] of badTools) {
      test(`POST /agents and PUT /tools with ${label} → 400 INVALID_BODY listing tools; nothing saved`, async () => {
        const before = await agentCount();
        const created = await owner('POST', `/accounts/${accountA}/agents`, { name: 'Toolish', tools });
        assert.deepEqual(
          [created.status, created.body.error.code, Object.keys(created.body.error.list)],
          [400, 'INVALID_BODY', ['tools']],
        );
        assert.match(created.body.error.list.tools.join(' '), message);
        assert.equal(await agentCount(), before);
        const agent = await server.seedAgent(ctxA, 'Target');
        const put = await owner('PUT', `/accounts/${accountA}/agents/${agent.id}/tools`, { tools });
        assert.deepEqual([put.status, put.body.error.code], [400, 'INVALID_BODY']);
        assert.match(put.body.error.list.tools.join(' '), message);
        assert.deepEqual((await owner('GET', `/accounts/${accountA}/agents/${agent.id}/tools`)).body.tools, []);
      });
    }

    test('POST /agents: a missing name, an unknown field or a malformed tool → 400; an unknown model → 400; a model not on the plan → 403', async () => {
      const cases: Array<[unknown, number, string, string[]]> = [
        [{ instructions: 'x' }, 400, 'INVALID_BODY', ['name']],
        [{ name: 'x', colour: 'red' }, 400, 'INVALID_BODY', ['colour']],
        [{ name: 'x', tools: [{ name: 'a', description: 'b' }] }, 400, 'INVALID_BODY', ['tools.0.parameters']],
        [{ name: 'x', model: 'no-such-model' }, 400, 'INVALID_BODY', ['model']],
      ];
      for (const [body, status, code, fields] of cases) {
        const response = await owner('POST', `/accounts/${accountA}/agents`, body);
        assert.deepEqual(
          [response.status, response.body.error.code, Object.keys(response.body.error.list ?? {})],
          [status, code, fields],
          JSON.stringify(body),
        );
      }
      const premium = await owner('POST', `/accounts/${accountA}/agents`, { name: 'Premium', model: 'gpt-4o' });
      assert.deepEqual(
        [premium.status, premium.body.success, premium.body.error.code],
        [403, false, 'MODEL_NOT_AVAILABLE'],
      );
    });

    test('GET and PUT /agents/{id}/tools: read, replace, empty; no agent.updated (only name, model or instructions send it)', async () => {
      const agent = await server.seedAgent(ctxA, 'Tooled');
      assert.deepEqual((await mate('GET', `/accounts/${accountA}/agents/${agent.id}/tools`)).body, {
        success: true,
        tools: [],
      });
      const put = await mate('PUT', `/accounts/${accountA}/agents/${agent.id}/tools`, {
        tools: [LOOKUP_ORDER, TRACK_PARCEL],
      });
      assert.equal(put.status, 200, JSON.stringify(put.body));
      assert.deepEqual(put.body, {
        success: true,
        agent: {
          id: agent.id,
          name: 'Tooled',
          model: 'colloquy-extractive',
          instructions: 'Be helpful.',
          usage: 0,
          createdAt: '2026-11-10T12:00:00.000Z',
          storage: { used: 0, limit: 400_000 },
          tools: [LOOKUP_ORDER, TRACK_PARCEL],
        },
      });
      assert.deepEqual((await mate('GET', `/accounts/${accountA}/agents/${agent.id}/tools`)).body, {
        success: true,
        tools: [LOOKUP_ORDER, TRACK_PARCEL],
      });
      assert.deepEqual(
        (await mate('PUT', `/accounts/${accountA}/agents/${agent.id}/tools`, { tools: [] })).body.agent.tools,
        [],
      );
      // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
      const updated = (await server.deps.store.events.list(accountA, { page: 1, size: 50 })).items.filter(
        (e) => e.type === 'agent.updated' && (e.data.agent as { id: string }).id === agent.id,
      );
      assert.equal(updated.length, 0);
      assert.deepEqual(
        [
          (await mate('PUT', `/accounts/${accountA}/agents/${agent.id}/tools`, {})).body.error.list,
          (await mate('GET', `/accounts/${accountA}/agents/agt_missing/tools`)).body.error.code,
        ],
        [{ tools: ['is required'] }, 'AGENT_NOT_FOUND'],
      );
    });

    test('DELETE /agents/{id}: {agent: {id}}, agent.deleted; then 404 AGENT_NOT_FOUND everywhere', async () => {
      const agent = await server.seedAgent(ctxA, 'Doomed');
      const response = await mate('DELETE', `/accounts/${accountA}/agents/${agent.id}`);
      assert.deepEqual([response.status, response.body], [200, { success: true, agent: { id: agent.id } }]);
      // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
      assert.ok(
        (await server.deps.store.events.list(accountA, { page: 1, size: 50 })).items.some(
          (e) => e.type === 'agent.deleted' && (e.data.agent as { id: string }).id === agent.id,
        ),
      );
      for (const [method, path] of [
        ['DELETE', ''],
        ['GET', ''],
        ['GET', '/tools'],
      ] as const) {
        const gone = await mate(method, `/accounts/${accountA}/agents/${agent.id}${path}`);
        assert.deepEqual([gone.status, gone.body.error.code], [404, 'AGENT_NOT_FOUND'], `${method} ${path}`);
      }
      assert.deepEqual(
        (await mate('DELETE', `/accounts/${accountA}/agents/${agentB}`)).status,
        404,
        "another account's agent",
      );
      assert.equal((await (await asOwnerB())('GET', `/accounts/${accountB}/agents/${agentB}`)).status, 200);
    });
  });

  describe('keys', () => {
    before(signInAll);

    test('POST /keys: the key record and its secret, once; GET /keys lists it without the secret', async () => {
      const agent = await server.seedAgent(ctxA, 'Keyed');
      const response = await mate('POST', `/accounts/${accountA}/keys`, {
        name: 'Shop backend',
        allowedAgentIds: [agent.id],
        allowedIps: ['127.0.0.1', '::1/128'],
        expiresAt: '2027-01-01T00:00:00+01:00',
        quota: 2.5,
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const { key, secret } = response.body;
      assert.match(secret, /^cq_[\w-]{43}$/);
      assert.match(key.id, /^key_/);
      assert.deepEqual(response.body, {
        success: true,
        key: {
          id: key.id,
          name: 'Shop backend',
          prefix: secret.slice(0, 9),
          status: 'active',
          kind: 'secret',
          allowedAgentIds: [agent.id],
          allowedIps: ['127.0.0.1', '::1/128'],
          allowedOrigins: null,
          expiresAt: '2026-12-31T23:00:00.000Z',
          quota: 2.5,
          usage: 0,
          lastUsedAt: null,
          revokedAt: null,
          createdAt: '2026-11-10T12:00:00.000Z',
        },
        secret,
      });
      const plain = await mate('POST', `/accounts/${accountA}/keys`, { name: 'Plain' });
      assert.deepEqual(
        [plain.body.key.allowedAgentIds, plain.body.key.allowedIps, plain.body.key.expiresAt, plain.body.key.quota],
        [null, null, null, null],
      );
      const listed = await mate('GET', `/accounts/${accountA}/keys`);
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.keys.slice(0, 2).map((k: { id: string }) => k.id),
        [plain.body.key.id, key.id],
        'newest first',
      );
      assert.deepEqual(listed.body.keys[1], key);
      assert.ok(!JSON.stringify(listed.body).includes(secret.slice(9)), 'the secret is never shown again');
    });

    test('GET /keys pages like every list: page, size (1 to 100), the pagination object', async () => {
      const { account } = await server.seedAccount('free', 10);
      await client.addUser(account.id, 'owner@paged-keys.example');
      const paged = client.as(await client.signIn('owner@paged-keys.example'));
      const made = [];
      for (const name of ['k1', 'k2', 'k3']) made.push((await createKey(server.deps, account.id, { name })).record.id);
      const first = await paged('GET', `/accounts/${account.id}/keys?size=2`);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.deepEqual(
        first.body.keys.map((k: { name: string }) => k.name),
        ['k3', 'k2'],
      );
      assert.deepEqual(first.body.pagination, { totalPages: 2, currentPage: 1, pagingCounter: 1, hasNextPage: true });
      const second = await paged('GET', `/accounts/${account.id}/keys?size=2&page=2`);
      assert.deepEqual(
        second.body.keys.map((k: { id: string }) => k.id),
        [made[0]],
      );
      assert.equal(second.body.pagination.hasNextPage, false);
      const wrong = await paged('GET', `/accounts/${account.id}/keys?size=101`);
      assert.deepEqual([wrong.status, wrong.body.error.code], [400, 'INVALID_BODY']);
      // Plain decimal digits only: Number() would read each of these as 2.
      for (const query of ['page=0x2', 'page=0b10', 'page=%202', 'size=2e0', 'size=2.0']) {
        const refused = await paged('GET', `/accounts/${account.id}/keys?${query}`);
        const field = query.slice(0, 4);
        assert.deepEqual(
          refused.body,
          {
            success: false,
            error: {
              code: 'INVALID_BODY',
              message: 'The request is invalid.',
              list: { [field]: ['must be a whole number'] },
            },
          },
          query,
        );
      }
    });

    test('a console-made key works on the public API within its restrictions; revoked it is 401', async () => {
      const allowed = await server.seedAgent(ctxA, 'Allowed');
      const other = await server.seedAgent(ctxA, 'Other');
      const { key, secret } = (
        await owner('POST', `/accounts/${accountA}/keys`, { name: 'Restricted', allowedAgentIds: [allowed.id] })
      ).body;
      const agents = await server.call('GET', '/agents', { key: secret });
      assert.equal(agents.status, 200, agents.text);
      assert.deepEqual(
        agents.body.agents.map((a: { id: string }) => a.id),
        [allowed.id],
      );
      const refused = await server.call('GET', `/agents/${other.id}`, { key: secret });
      assert.deepEqual([refused.status, refused.body.error.code], [403, 'AGENT_NOT_ALLOWED']);
      assert.equal(
        (await owner('GET', `/accounts/${accountA}/keys`)).body.keys.find((k: { id: string }) => k.id === key.id)
          .lastUsedAt,
        '2026-11-10T12:00:00.000Z',
      );

      const revoked = await owner('DELETE', `/accounts/${accountA}/keys/${key.id}`);
      assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
      assert.deepEqual(revoked.body, {
        success: true,
        key: {
          ...key,
          status: 'revoked',
          revokedAt: '2026-11-10T12:00:00.000Z',
          lastUsedAt: '2026-11-10T12:00:00.000Z',
        },
      });
      assert.deepEqual((await server.call('GET', '/agents', { key: secret })).body, {
        error: 'Unauthorized',
        code: 'AUTH_REQUIRED',
      });
      assert.equal((await server.call('GET', '/agents', { key: secret })).status, 401);
      clock.advance(1000);
      assert.deepEqual(
        (await owner('DELETE', `/accounts/${accountA}/keys/${key.id}`)).body,
        revoked.body,
        'revoking again changes nothing',
      );
    });

    test('a key limited to other addresses is 403 IP_NOT_ALLOWED; one past its expiry is listed expired and 401 KEY_EXPIRED', async () => {
      const walled = (await owner('POST', `/accounts/${accountA}/keys`, { name: 'Office', allowedIps: ['10.0.0.0/8'] }))
        .body.secret;
      assert.equal((await server.call('GET', '/agents', { key: walled })).body.error.code, 'IP_NOT_ALLOWED');
      const brief = (
        await owner('POST', `/accounts/${accountA}/keys`, {
          name: 'Brief',
          expiresAt: new Date(clock.now() + 60_000).toISOString(),
        })
      ).body;
      clock.advance(120_000);
      assert.equal(
        (await owner('GET', `/accounts/${accountA}/keys`)).body.keys.find((k: { id: string }) => k.id === brief.key.id)
          .status,
        'expired',
      );
      assert.deepEqual((await server.call('GET', '/agents', { key: brief.secret })).body, {
        error: 'Key expired',
        code: 'KEY_EXPIRED',
      });
    });

    test('POST /keys with bad restrictions → 400 INVALID_BODY listing each field; nothing is created', async () => {
      const before = await keyCount();
      const cases: Array<[unknown, Record<string, RegExp>]> = [
        [
          { name: 'k', allowedIps: ['10.0.0.300', '10.0.0.0/8'], expiresAt: '2020-01-01T00:00:00Z' },
          { allowedIps: /"10\.0\.0\.300" is not an IP address or CIDR range/, expiresAt: /must be in the future/ },
        ],
        [
          { name: 'k', allowedAgentIds: ['agt_nope', agentB] },
          { allowedAgentIds: /"agt_nope" is not an agent of this account.*is not an agent of this account/ },
        ],
        // 0177.0.0.1 would otherwise be read as octal: a key meant for 177.0.0.1 usable from 127.0.0.1.
        [
          { name: 'k', allowedIps: ['0177.0.0.1', '2130706433'] },
          { allowedIps: /"0177\.0\.0\.1" is not an IP address or CIDR range "2130706433" is not/ },
        ],
        [{ name: 'k', allowedAgentIds: [] }, { allowedAgentIds: /.+/ }],
        [{ name: 'k', expiresAt: 'tomorrow' }, { expiresAt: /date-time/ }],
        [{ name: 'k', quota: 0 }, { quota: /.+/ }],
        [{ name: 'k', quota: 1e13 }, { quota: /must be at most 1000000000/ }],
        // It was stored rounded: a quota of 1.0005 became 1.001.
        [
          { name: 'k', quota: 1.0005 },
          { quota: /^must be a whole number of thousandths of a credit \(such as 0\.2 or 0\.001\)$/ },
        ],
        [{ name: '' }, { name: /.+/ }],
        [{ name: 'k', secret: 'mine' }, { secret: /is not an accepted field/ }],
      ];
      for (const [body, fields] of cases) {
        const response = await owner('POST', `/accounts/${accountA}/keys`, body);
        assert.deepEqual(
          [response.status, response.body.error.code, Object.keys(response.body.error.list).sort()],
          [400, 'INVALID_BODY', Object.keys(fields).sort()],
          JSON.stringify(body),
        );
        for (const [field, message] of Object.entries(fields))
          assert.match(response.body.error.list[field].join(' '), message, field);
      }
      assert.equal(await keyCount(), before);
    });

    test("DELETE /keys/{id} of an unknown key or another account's key → 404 NOT_FOUND, nothing revoked", async () => {
      const { record } = await createKey(server.deps, accountB, { name: 'B key' });
      for (const id of ['key_missing', record.id]) {
        const response = await owner('DELETE', `/accounts/${accountA}/keys/${id}`);
        assert.deepEqual([response.status, response.body.error.code], [404, 'NOT_FOUND']);
      }
      const keysOfB = (await (await asOwnerB())('GET', `/accounts/${accountB}/keys`)).body.keys as Array<{
        id: string;
        revokedAt: string | null;
      }>;
      assert.equal(keysOfB.find((key) => key.id === record.id)?.revokedAt, null);
    });
  });

  describe('members', () => {
    let accountM: string;
    let ownerM: ReturnType<AdminClient['as']>;
    let mateM: ReturnType<AdminClient['as']>;

    before(async () => {
      accountM = (await server.seedAccount('free', 10)).account.id;
      await client.addUser(accountM, 'owner@m.example');
      await client.addUser(accountM, 'mate@m.example', 'teammate');
      ownerM = client.as(await client.signIn('owner@m.example'));
      mateM = client.as(await client.signIn('mate@m.example'));
    });

    test('GET /members: everyone, oldest first, for every member', async () => {
      const response = await mateM('GET', `/accounts/${accountM}/members`);
      assert.equal(response.status, 200);
      const [first, second] = response.body.members;
      assert.deepEqual(response.body, {
        success: true,
        members: [
          { id: first.id, email: 'owner@m.example', role: 'owner', createdAt: first.createdAt },
          { id: second.id, email: 'mate@m.example', role: 'teammate', createdAt: second.createdAt },
        ],
        pagination: { totalPages: 1, currentPage: 1, pagingCounter: 1, hasNextPage: false },
      });
      assert.match(first.id, /^mem_/);
      assert.equal(first.createdAt, new Date(clock.now()).toISOString());
      const paged = await mateM('GET', `/accounts/${accountM}/members?size=1&page=2`);
      assert.deepEqual(paged.body.members, [second]);
      assert.deepEqual(paged.body.pagination, { totalPages: 2, currentPage: 2, pagingCounter: 2, hasNextPage: false });
      const wrong = await mateM('GET', `/accounts/${accountM}/members?page=0`);
      assert.deepEqual([wrong.status, wrong.body.error.code], [400, 'INVALID_BODY']);
    });

    test('a teammate may not add or remove members: 403 OWNER_REQUIRED, nothing changes', async () => {
      const members = (await mateM('GET', `/accounts/${accountM}/members`)).body.members;
      const added = await mateM('POST', `/accounts/${accountM}/members`, {
        email: 'friend@m.example',
        password: 'a good new password',
      });
      assert.deepEqual([added.status, added.body.success, added.body.error.code], [403, false, 'OWNER_REQUIRED']);
      assert.equal(typeof added.body.error.message, 'string');
      const removed = await mateM('DELETE', `/accounts/${accountM}/members/${members[0].id}`);
      assert.deepEqual([removed.status, removed.body.error.code], [403, 'OWNER_REQUIRED']);
      assert.deepEqual((await mateM('GET', `/accounts/${accountM}/members`)).body.members, members);
      const signIn = await client.call('POST', '/session', {
        body: { email: 'friend@m.example', password: 'a good new password' },
      });
      assert.equal(signIn.status, 401, 'no such person was made');
    });

    test('POST /members for someone new: the password is required; then a sign-in is created with it', async () => {
      const missing = await ownerM('POST', `/accounts/${accountM}/members`, { email: 'New@M.example' });
      assert.deepEqual(
        [missing.status, missing.body.error.code, Object.keys(missing.body.error.list)],
        [400, 'INVALID_BODY', ['password']],
      );
      const short = await ownerM('POST', `/accounts/${accountM}/members`, {
        email: 'new@m.example',
        password: 'short',
      });
      assert.deepEqual([short.status, Object.keys(short.body.error.list)], [400, ['password']]);
      assert.equal((await ownerM('GET', `/accounts/${accountM}/members`)).body.members.length, 2, 'nothing added');

      const response = await ownerM('POST', `/accounts/${accountM}/members`, {
        email: ' New@M.example ',
        password: 'the new person password',
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(response.body, {
        success: true,
        member: {
          id: response.body.member.id,
          email: 'new@m.example',
          role: 'teammate',
          createdAt: new Date(clock.now()).toISOString(),
        },
        signIn: 'created',
      });
      const session = await client.signIn('new@m.example', 'the new person password');
      const view = await client.as(session)('GET', '/session');
      assert.deepEqual(view.body.accounts, [{ id: accountM, name: 'Account free', role: 'teammate' }]);
      const again = await ownerM('POST', `/accounts/${accountM}/members`, {
        email: 'new@m.example',
        password: 'the new person password',
      });
      assert.deepEqual(
        [again.status, again.body.error.code, Object.keys(again.body.error.list)],
        [400, 'INVALID_BODY', ['email']],
      );
      const bad = await ownerM('POST', `/accounts/${accountM}/members`, {
        email: 'not an address',
        password: 'the new person password',
      });
      assert.deepEqual([bad.status, Object.keys(bad.body.error.list)], [400, ['email']]);
      const co = await ownerM('POST', `/accounts/${accountM}/members`, {
        email: 'co@m.example',
        role: 'owner',
        password: 'the co-owner password',
      });
      assert.deepEqual([co.body.member.role, co.body.signIn], ['owner', 'created']);
    });

    test('POST /members for someone who already signs in: their password is kept, the one sent is ignored', async () => {
      const response = await ownerM('POST', `/accounts/${accountM}/members`, {
        email: 'owner@b.example',
        password: 'an attempted takeover',
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(
        [response.body.member.email, response.body.member.role, response.body.signIn],
        ['owner@b.example', 'teammate', 'existing'],
      );
      const wrong = await client.call('POST', '/session', {
        body: { email: 'owner@b.example', password: 'an attempted takeover' },
      });
      assert.equal(wrong.status, 401, 'the password sent was not set');
      const view = await client.as(await client.signIn('owner@b.example', TEST_PASSWORD))('GET', '/session');
      assert.deepEqual(
        view.body.accounts.map((a: { id: string; role: string }) => [a.id, a.role]),
        [
          [accountB, 'owner'],
          [accountM, 'teammate'],
        ],
      );
      const noPassword = await ownerM('POST', `/accounts/${accountM}/members`, { email: 'owner@a.example' });
      assert.deepEqual(
        [noPassword.status, noPassword.body.signIn],
        [200, 'existing'],
        'no password is needed for someone who signs in',
      );
      const shortIgnored = await ownerM('POST', `/accounts/${accountM}/members`, {
        email: 'mate@a.example',
        password: 'short',
      });
      assert.deepEqual([shortIgnored.status, shortIgnored.body.signIn], [200, 'existing'], 'nor checked');
    });

    test('DELETE /members/{id}: the removed member loses the account at once, in the session they already have', async () => {
      const member = (
        await ownerM('POST', `/accounts/${accountM}/members`, {
          email: 'leaving@m.example',
          password: 'the leaving password',
        })
      ).body.member;
      const leaving = client.as(await client.signIn('leaving@m.example', 'the leaving password'));
      assert.equal((await leaving('GET', `/accounts/${accountM}/overview`)).status, 200);
      assert.equal((await leaving('GET', `/accounts/${accountM}/agents`)).status, 200);

      assert.deepEqual((await ownerM('DELETE', `/accounts/${accountM}/members/${member.id}`)).body, { success: true });
      for (const path of ['/overview', '/agents', '/members', '/keys', '/webhooks']) {
        const response = await leaving('GET', `/accounts/${accountM}${path}`);
        assert.deepEqual([response.status, response.body.error.code], [404, 'NOT_FOUND'], path);
      }
      assert.equal((await leaving('POST', `/accounts/${accountM}/agents`, { name: 'Sneaky' })).status, 404);
      const session = await leaving('GET', '/session');
      assert.deepEqual([session.status, session.body.accounts], [200, []], 'still signed in, to no account');
      assert.ok(
        !(await ownerM('GET', `/accounts/${accountM}/members`)).body.members.some(
          (m: { id: string }) => m.id === member.id,
        ),
      );
    });

    test('the last owner cannot be removed (400 INVALID_BODY); another owner can', async () => {
      const members = (await ownerM('GET', `/accounts/${accountM}/members`)).body.members as Array<{
        id: string;
        email: string;
      }>;
      const idOf = (email: string) => members.find((m) => m.email === email)!.id;
      assert.deepEqual((await ownerM('DELETE', `/accounts/${accountM}/members/${idOf('co@m.example')}`)).body, {
        success: true,
      });
      const last = await ownerM('DELETE', `/accounts/${accountM}/members/${idOf('owner@m.example')}`);
      assert.deepEqual(
        [last.status, last.body.error.code, Object.keys(last.body.error.list)],
        [400, 'INVALID_BODY', ['memberId']],
      );
      assert.equal((await ownerM('GET', `/accounts/${accountM}/overview`)).body.account.role, 'owner');
    });

    test("DELETE /members/{id} of an unknown member or another account's → 404 NOT_FOUND", async () => {
      const membersOfB = async () =>
        (await (await asOwnerB())('GET', `/accounts/${accountB}/members`)).body.members as Array<{
          id: string;
          email: string;
        }>;
      const memberOfB = (await membersOfB()).find((member) => member.email === 'owner@b.example')!;
      for (const id of ['mem_missing', memberOfB.id]) {
        const response = await ownerM('DELETE', `/accounts/${accountM}/members/${id}`);
        assert.deepEqual([response.status, response.body.error.code], [404, 'NOT_FOUND']);
      }
      assert.ok((await membersOfB()).some((member) => member.id === memberOfB.id));
    });
  });

  describe('password', () => {
    test("POST /session/password: ends the user's other sessions, keeps this one and other users'", async () => {
      const accountP = (await server.seedAccount('free', 10)).account.id;
      await client.addUser(accountP, 'pw@p.example');
      await client.addUser(accountP, 'bystander@p.example');
      const current = await client.signIn('pw@p.example');
      const other = await client.signIn('pw@p.example');
      const bystander = await client.signIn('bystander@p.example');

      const noToken = await client.call('POST', '/session/password', {
        cookie: current.cookie,
        body: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
      });
      assert.deepEqual([noToken.status, noToken.body.error.code], [403, 'CSRF_TOKEN_INVALID']);
      const wrong = await client.as(current)('POST', '/session/password', {
        currentPassword: 'not my password',
        newPassword: 'a brand new password',
      });
      assert.deepEqual(
        [wrong.status, wrong.body.error.code, Object.keys(wrong.body.error.list)],
        [400, 'INVALID_BODY', ['currentPassword']],
      );
      const short = await client.as(current)('POST', '/session/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'short',
      });
      assert.deepEqual([short.status, Object.keys(short.body.error.list)], [400, ['newPassword']]);
      assert.equal((await client.as(other)('GET', '/session')).status, 200, 'a refused change ends nothing');

      const changed = await client.as(current)('POST', '/session/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a brand new password',
      });
      assert.deepEqual([changed.status, changed.body], [200, { success: true }]);
      assert.equal((await client.as(current)('GET', '/session')).status, 200, 'this session stays');
      assert.deepEqual((await client.as(other)('GET', '/session')).body, {
        error: 'Unauthorized',
        code: 'AUTH_REQUIRED',
      });
      assert.equal((await client.as(bystander)('GET', '/session')).status, 200, "another user's session stays");
      assert.equal(
        (await client.call('POST', '/session', { body: { email: 'pw@p.example', password: TEST_PASSWORD } })).status,
        401,
      );
      await client.signIn('pw@p.example', 'a brand new password');
    });

    test('wrong current passwords count as failed sign-ins: the sixth try waits (429 with Retry-After)', async () => {
      const accountP = (await server.seedAccount('free', 10)).account.id;
      await client.addUser(accountP, 'guess@p.example');
      const session = client.as(await client.signIn('guess@p.example'));
      for (let i = 0; i < 5; i++)
        assert.equal(
          (
            await session('POST', '/session/password', {
              currentPassword: `guess ${i}`,
              newPassword: 'a brand new password',
            })
          ).status,
          400,
        );
      const held = await session('POST', '/session/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a brand new password',
      });
      assert.deepEqual([held.status, held.body.error.code], [429, 'RATE_LIMITED']);
      assert.ok(Number(held.headers.get('retry-after')) >= 1);
      clock.advance(2_000);
      assert.equal(
        (
          await session('POST', '/session/password', {
            currentPassword: TEST_PASSWORD,
            newPassword: 'a brand new password',
          })
        ).status,
        200,
      );
    });
  });

  describe('console requests', () => {
    before(signInAll);

    test('are not rate-limited: more than the plan allows per minute, and no RateLimit headers', async () => {
      for (let i = 0; i < 12; i++) {
        const response = await mate('GET', i % 2 ? `/accounts/${accountA}/overview` : `/accounts/${accountA}/agents`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('ratelimit-limit'), null);
      }
    });

    test('a search from the console costs credits like the API and counts as a charged request', async () => {
      const agent = await server.seedAgent(ctxA, 'Searched');
      const before = (await mate('GET', `/accounts/${accountA}/overview?days=1`)).body;
      const search = await mate('POST', `/accounts/${accountA}/agents/${agent.id}/search`, { query: 'winter storage' });
      assert.equal(search.status, 200, JSON.stringify(search.body));
      const afterwards = (await mate('GET', `/accounts/${accountA}/overview?days=1`)).body;
      assert.equal(Math.round((before.balance.credits - afterwards.balance.credits) * 1000), 200);
      assert.equal(afterwards.requests.total, before.requests.total + 1);
      assert.deepEqual(
        afterwards.topAgents.find((row: { agentId: string }) => row.agentId === agent.id),
        { agentId: agent.id, name: 'Searched', credits: 0.2, requests: 1 },
      );
    });

    test('explain mode returns each result with its semantic and keyword parts and the model calibration, charged like a search', async () => {
      const agent = await server.seedAgent(ctxA, 'Explained');
      await addTextSource(server.deps, ctxA, agent.id, {
        title: 'Winter storage',
        content: 'Store the tent dry and loosely packed over the winter.',
      });
      const before = (await mate('GET', `/accounts/${accountA}/overview?days=1`)).body;
      const search = await mate('POST', `/accounts/${accountA}/agents/${agent.id}/search/explain`, {
        query: 'winter storage',
      });
      assert.equal(search.status, 200, JSON.stringify(search.body));
      const [first] = search.body.results;
      assert.equal(first.source.title, 'Winter storage');
      assert.deepEqual(Object.keys(first.explain).sort(), ['bm25', 'cosine', 'keyword', 'semantic']);
      // The parts are shown rounded to 4 decimals and the score is fused from the unrounded ones.
      const fused = 1 - (1 - first.explain.semantic) * (1 - first.explain.keyword);
      assert.ok(Math.abs(first.score - fused) <= 0.0002, `${first.score} against ${fused}`);
      assert.ok(first.explain.keyword >= 0.3);
      assert.equal(search.body.calibration.model, server.deps.embedder.model);
      assert.equal(search.body.calibration.separates, true);
      const afterwards = (await mate('GET', `/accounts/${accountA}/overview?days=1`)).body;
      assert.equal(Math.round((before.balance.credits - afterwards.balance.credits) * 1000), 200);
      const plain = await mate('POST', `/accounts/${accountA}/agents/${agent.id}/search`, { query: 'winter storage' });
      assert.equal(plain.body.results[0].explain, undefined, 'a plain search carries no explanation');
    });
  });

  test('the new routes are in the admin OpenAPI document with their error code OWNER_REQUIRED', async () => {
    const doc = (await client.call('GET', '/openapi.json')).body;
    const expected: Array<[string, string]> = [
      ['get', '/accounts/{accountId}/overview'],
      ['post', '/accounts/{accountId}/agents'],
      ['delete', '/accounts/{accountId}/agents/{agentId}'],
      ['get', '/accounts/{accountId}/agents/{agentId}/tools'],
      ['put', '/accounts/{accountId}/agents/{agentId}/tools'],
      ['get', '/accounts/{accountId}/keys'],
      ['post', '/accounts/{accountId}/keys'],
      ['delete', '/accounts/{accountId}/keys/{keyId}'],
      ['get', '/accounts/{accountId}/members'],
      ['post', '/accounts/{accountId}/members'],
      ['delete', '/accounts/{accountId}/members/{memberId}'],
      ['post', '/session/password'],
    ];
    for (const [method, path] of expected) {
      const operation = doc.paths[path]?.[method];
      assert.ok(operation, `${method} ${path}`);
      assert.ok(
        operation.summary && operation.tags.length > 0 && operation.security,
        `${method} ${path} is documented and secured`,
      );
    }
    assert.match(JSON.stringify(doc), /OWNER_REQUIRED/);
  });
});
