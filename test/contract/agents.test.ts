import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { deleteAgent } from '../../src/domain/agents/delete-agent.ts';
import { toEnvelope } from '../../src/domain/events/record-event.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('agents', () => {
  let server: TestServer;
  const clock = createTestClock(Date.parse('2026-11-02T08:30:00.123Z'));
  before(async () => {
    // A key for the OpenAI models, so that they can be chosen (it is never used: no chat here).
    server = await startTestServer({ clock, configFile: UNLIMITED_RATE, env: { OPENAI_API_KEY: 'sk-unused' } });
  });
  after(() => server.close());

  test('GET /agents/{id}: the Agent resource with storage, exactly', async () => {
    const { account, ctx } = await server.seedAccount('starter');
    const agent = await server.seedAgent(ctx, 'Help desk');
    const key = await server.seedKey(account.id);
    const response = await server.call('GET', `/agents/${agent.id}`, { key });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json; charset=utf-8$/);
    assert.deepEqual(response.body, {
      success: true,
      agent: {
        id: agent.id,
        name: 'Help desk',
        model: 'colloquy-extractive',
        instructions: 'Be helpful.',
        usage: 0,
        createdAt: '2026-11-02T08:30:00.123Z',
        storage: { used: 0, limit: 2_000_000 },
      },
    });
    assert.match(response.body.agent.createdAt, ISO_MS);
  });

  test('GET /agents/{id} of a missing agent → 404 AGENT_NOT_FOUND', async () => {
    const { account } = await server.seedAccount();
    const key = await server.seedKey(account.id);
    const response = await server.call('GET', '/agents/agt_nope', { key });
    assert.equal(response.status, 404);
    assert.deepEqual(response.body, {
      success: false,
      error: { code: 'AGENT_NOT_FOUND', message: 'Agent not found.' },
    });
  });

  test('GET /agents: paginated newest first, pagination object exactly as SPEC §2', async () => {
    const { account, ctx } = await server.seedAccount();
    const key = await server.seedKey(account.id);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      ids.push((await server.seedAgent(ctx, `Agent ${i}`)).id);
    }
    const page1 = await server.call('GET', '/agents?size=2', { key });
    assert.equal(page1.status, 200);
    assert.deepEqual(Object.keys(page1.body).sort(), ['agents', 'pagination', 'success']);
    assert.deepEqual(
      page1.body.agents.map((a: { id: string }) => a.id),
      [ids[4], ids[3]],
    );
    assert.deepEqual(page1.body.pagination, { totalPages: 3, currentPage: 1, pagingCounter: 1, hasNextPage: true });
    const page3 = await server.call('GET', '/agents?size=2&page=3', { key });
    assert.deepEqual(
      page3.body.agents.map((a: { id: string }) => a.id),
      [ids[0]],
    );
    assert.deepEqual(page3.body.pagination, { totalPages: 3, currentPage: 3, pagingCounter: 5, hasNextPage: false });
    const beyond = await server.call('GET', '/agents?size=2&page=7', { key });
    assert.deepEqual(beyond.body.agents, []);
    assert.deepEqual(beyond.body.pagination, { totalPages: 3, currentPage: 7, pagingCounter: 13, hasNextPage: false });
    const defaults = await server.call('GET', '/agents', { key });
    assert.equal(defaults.body.agents.length, 5);
    assert.deepEqual(defaults.body.pagination, { totalPages: 1, currentPage: 1, pagingCounter: 1, hasNextPage: false });
  });

  test('GET /agents with no agents: an empty page, totalPages 1', async () => {
    const { account } = await server.seedAccount();
    const key = await server.seedKey(account.id);
    const response = await server.call('GET', '/agents', { key });
    assert.deepEqual(response.body, {
      success: true,
      agents: [],
      pagination: { totalPages: 1, currentPage: 1, pagingCounter: 1, hasNextPage: false },
    });
  });

  for (const [query, field, message] of [
    ['page=0', 'page', 'must be at least 1'],
    ['page=abc', 'page', 'must be a whole number'],
    ['size=0', 'size', 'must be at least 1'],
    ['size=101', 'size', 'must be at most 100'],
    ['size=2.5', 'size', 'must be a whole number'],
    // Plain decimal digits only: Number() would read each of these as a whole number.
    ['page=0x2', 'page', 'must be a whole number'],
    ['page=0b10', 'page', 'must be a whole number'],
    ['page=%202', 'page', 'must be a whole number'],
    ['page=1e0', 'page', 'must be a whole number'],
    ['page=%2B2', 'page', 'must be a whole number'],
    ['size=2.0', 'size', 'must be a whole number'],
    ['size=10%20', 'size', 'must be a whole number'],
    ['page=-1', 'page', 'must be at least 1'],
  ] as const) {
    test(`GET /agents?${query} → 400 INVALID_BODY listing ${field}`, async () => {
      const { account } = await server.seedAccount();
      const key = await server.seedKey(account.id);
      const response = await server.call('GET', `/agents?${query}`, { key });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, {
        success: false,
        error: { code: 'INVALID_BODY', message: 'The request is invalid.', list: { [field]: [message] } },
      });
    });
  }

  test('PATCH /agents/{id}: saves only what is sent, answers the six fields, records agent.updated', async () => {
    const { account, ctx } = await server.seedAccount('pro');
    const agent = await server.seedAgent(ctx, 'Before');
    const key = await server.seedKey(account.id);
    const response = await server.call('PATCH', `/agents/${agent.id}`, {
      key,
      body: { name: 'After', model: 'gpt-4o' },
    });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, {
      success: true,
      agent: {
        id: agent.id,
        name: 'After',
        model: 'gpt-4o',
        instructions: 'Be helpful.',
        usage: 0,
        createdAt: new Date(agent.createdAt).toISOString(),
      },
    });
    const again = await server.call('PATCH', `/agents/${agent.id}`, { key, body: { instructions: '' } });
    assert.equal(again.body.agent.name, 'After');
    assert.equal(again.body.agent.instructions, '');
    // Colloquy's own handoff setting is saved without agent.updated: SPEC sends it for name, model
    // or instructions.
    const handoff = await server.call('PATCH', `/agents/${agent.id}`, { key, body: { handoff: { enabled: true } } });
    assert.equal(handoff.status, 200, handoff.text);
    // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
    const events = await server.deps.store.events.list(account.id, { page: 1, size: 10 });
    const updates = events.items.filter((e) => e.type === 'agent.updated');
    assert.equal(updates.length, 2);
    const envelope = toEnvelope(updates[1]!);
    assert.deepEqual(Object.keys(envelope), ['id', 'type', 'created', 'data']);
    assert.match(envelope.id, /^evt_/);
    assert.match(envelope.created, ISO_MS);
    assert.deepEqual(envelope.data, { agent: { id: agent.id, name: 'After' } });
  });

  test('PATCH with a model not on the plan → 403 MODEL_NOT_AVAILABLE, nothing saved, no event', async () => {
    const { account, ctx } = await server.seedAccount('free');
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    const response = await server.call('PATCH', `/agents/${agent.id}`, { key, body: { name: 'X', model: 'gpt-4o' } });
    assert.equal(response.status, 403);
    assert.equal(response.body.error.code, 'MODEL_NOT_AVAILABLE');
    assert.equal((await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.name, 'Support bot');
    // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
    assert.equal(
      (await server.deps.store.events.list(account.id, { page: 1, size: 10 })).items.filter(
        (e) => e.type === 'agent.updated',
      ).length,
      0,
    );
  });

  for (const [label, body, list] of [
    ['an unknown model', { model: 'no-such-model' }, { model: ['is not a model in the catalog (see GET /models)'] }],
    ['an empty name', { name: '' }, { name: ['must not be empty'] }],
    ['a name of spaces', { name: '   ' }, { name: ['must not be empty or only spaces'] }],
    [
      'a number for a name and an unknown field',
      { name: 5, colour: 'red' },
      { name: ['must be a string'], colour: ['is not an accepted field'] },
    ],
    ['an empty object', {}, { body: ['must contain at least one field'] }],
    [
      'too long instructions',
      { instructions: 'x'.repeat(10_001) },
      { instructions: ['must be at most 10000 characters'] },
    ],
    ['an array', [], { body: ['must be an object'] }],
  ] as const) {
    test(`PATCH with ${label} → 400 INVALID_BODY with error.list`, async () => {
      const { account, ctx } = await server.seedAccount('pro');
      const agent = await server.seedAgent(ctx);
      const key = await server.seedKey(account.id);
      const response = await server.call('PATCH', `/agents/${agent.id}`, { key, body });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.error.code, 'INVALID_BODY');
      assert.deepEqual(response.body.error.list, list);
    });
  }

  test('PATCH of a missing agent → 404 AGENT_NOT_FOUND', async () => {
    const { account } = await server.seedAccount('pro');
    const key = await server.seedKey(account.id);
    const response = await server.call('PATCH', '/agents/agt_missing', { key, body: { name: 'x' } });
    assert.equal(response.status, 404);
    assert.equal(response.body.error.code, 'AGENT_NOT_FOUND');
  });

  test('deleting an agent removes it and records agent.deleted after agent.created', async () => {
    const { account, ctx } = await server.seedAccount();
    const agent = await server.seedAgent(ctx, 'Short-lived');
    const key = await server.seedKey(account.id);
    await deleteAgent(server.deps, ctx, agent.id);
    assert.equal((await server.call('GET', `/agents/${agent.id}`, { key })).status, 404);
    // Events reach clients only as webhook deliveries: read the outbox.
    const events = await server.deps.store.events.list(account.id, { page: 1, size: 10 });
    assert.deepEqual(events.items.map((e) => [e.type, e.data]).reverse(), [
      ['agent.created', { agent: { id: agent.id, name: 'Short-lived' } }],
      ['agent.deleted', { agent: { id: agent.id, name: 'Short-lived' } }],
    ]);
  });

  test('deleting an agent revokes its widget keys; a secret key restricted to it keeps its list', async () => {
    const { account, ctx } = await server.seedAccount('pro');
    const agent = await server.seedAgent(ctx, 'With a widget');
    const other = await server.seedAgent(ctx, 'Still here');
    const origins = ['https://shop.example'];
    await server.seedKey(account.id, {
      name: 'widget',
      kind: 'publishable',
      allowedAgentIds: [agent.id],
      allowedOrigins: origins,
    });
    await server.seedKey(account.id, {
      name: 'other widget',
      kind: 'publishable',
      allowedAgentIds: [other.id],
      allowedOrigins: origins,
    });
    await server.seedKey(account.id, { name: 'restricted', allowedAgentIds: [agent.id] });
    await deleteAgent(server.deps, ctx, agent.id);
    const keys = await server.deps.store.keys.list(account.id);
    const revoked = (name: string) => keys.find((key) => key.name === name)?.revokedAt !== null;
    assert.equal(revoked('widget'), true);
    assert.equal(revoked('other widget'), false);
    assert.equal(revoked('restricted'), false);
    assert.deepEqual(keys.find((key) => key.name === 'restricted')?.allowedAgentIds, [agent.id]);
  });

  test('agent ids with URL-encoded special characters are looked up as plain strings', async () => {
    const { account } = await server.seedAccount();
    const key = await server.seedKey(account.id);
    const response = await server.call('GET', `/agents/${encodeURIComponent('a/b?c')}`, { key });
    assert.equal(response.status, 404);
    assert.equal(response.body.error.code, 'AGENT_NOT_FOUND');
  });
});
