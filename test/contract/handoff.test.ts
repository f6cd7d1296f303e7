// Over 300 lines: the handoff contract (the whole flow with its webhooks, refusals, the setting, the built-in tool) shares one server; cases are independent.
// Handing a conversation to a person through the API: handoff → chat stores the message without the
// model or a charge → a person's reply → resolve → the model answers with the reply in its history.
// Through the real server and the OpenAI provider code against a scripted model server; each step's
// webhook delivered and verified with `standardwebhooks`; tenancy and restricted keys.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  scriptedModelConfig,
  startScriptedModelServer,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { createWebhookWorker } from '../../src/compose.ts';
import type { DeliveryWorker } from '../../src/workers/delivery-worker.ts';
import { createEndpoint } from '../../src/domain/webhooks/create-endpoint.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';
import { HANDED_OVER_NOTICE, WITH_PEOPLE_NOTICE } from '../../src/domain/handoff/hold-for-people.ts';
import { adminClient } from '../support/admin-client.ts';

/** The JSON objects of an SSE transcript. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function frames(text: string): any[] {
  return text
    .split('\n\n')
    .filter((block) => block !== '' && block !== 'data:')
    .map((block) => JSON.parse(block.replace(/^data: /, '')));
}

describe(`handoff over the API (${TEST_BACKEND})`, () => {
  let model: ScriptedModelServer;
  let server: TestServer;
  let receiver: Receiver;
  let worker: DeliveryWorker;
  const secrets = new Map<string, string>();

  before(async () => {
    model = await startScriptedModelServer();
    server = await startTestServer({
      configFile: { ...scriptedModelConfig(model.baseUrl), network: { allowPrivateAddresses: true } },
    });
    receiver = await startReceiver(secrets);
    worker = createWebhookWorker(server.config, server.deps, undefined, () => 0.5);
  });
  after(async () => {
    await worker.stop();
    await receiver.close();
    await server.close();
    await model.close();
  });

  async function setup(options: { handoffEnabled?: boolean } = {}) {
    const { account, ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx);
    await updateAgent(server.deps, ctx, agent.id, {
      model: 'scripted',
      instructions: 'You are the support agent of Tidewater Boats.',
      ...(options.handoffEnabled && { handoffEnabled: true }),
    });
    const key = await server.seedKey(account.id, { name: 'shop backend' });
    const balance = async () => (await server.deps.store.accounts.get(account.id))!.creditBalance / 1000;
    const events = async () =>
      (await server.deps.store.events.list(account.id, { page: 1, size: 100 })).items
        .filter((e) => e.type.startsWith('handoff.'))
        .reverse();
    const chat = (body: Record<string, unknown>) => server.call('POST', `/agents/${agent.id}/chat`, { key, body });
    const path = (ref: string, rest = '') => `/agents/${agent.id}/conversations/${encodeURIComponent(ref)}${rest}`;
    return { account, ctx, agent, key, balance, events, chat, path };
  }

  test('handoff → held chat (JSON and stream) → a person replies → resolve → the model answers with the reply as history; each webhook verified', async () => {
    const { account, ctx, agent, key, balance, events, chat, path } = await setup();
    const hookPath = '/handoff-hooks';
    const endpoint = await createEndpoint(server.deps, ctx, {
      url: receiver.url(hookPath),
      events: ['handoff.requested', 'handoff.message', 'handoff.resolved'],
    });
    secrets.set(hookPath, endpoint.secret);

    model.enqueue({ content: ['Our hall is heated.'] });
    const first = await chat({ message: 'Is the storage hall heated?', userId: 'ada' });
    assert.equal(first.status, 200, first.text);
    assert.equal(await balance(), 98);

    const handed = await server.call('POST', path('ada', '/handoff'), {
      key,
      body: { reason: 'Asks about a damaged hull' },
    });
    assert.equal(handed.status, 200, handed.text);
    const conversationId = first.body.conversationId;
    assert.deepEqual(Object.keys(handed.body.conversation).sort(), [
      'createdAt',
      'handoff',
      'id',
      'messageCount',
      'state',
      'title',
      'updatedAt',
      'userId',
    ]);
    assert.equal(handed.body.conversation.id, conversationId);
    assert.equal(handed.body.conversation.state, 'people');
    assert.equal(handed.body.conversation.messageCount, 2);
    assert.equal(handed.body.conversation.handoff.reason, 'Asks about a damaged hull');
    assert.equal(handed.body.conversation.handoff.requestedBy, 'api');
    assert.match(handed.body.conversation.handoff.requestedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const again = await server.call('POST', path(conversationId, '/handoff'), { key });
    assert.equal(again.status, 200, 'asking again is fine, and the first request stands');
    assert.equal(again.body.conversation.handoff.reason, 'Asks about a damaged hull');

    // While with people: stored, moderated, not sent to the model, not charged.
    const modelCalls = model.requests.length;
    const moderated = model.moderationRequests.length;
    const held = await chat({ message: 'My hull has a crack, can someone look at it?', userId: 'ada' });
    assert.equal(held.status, 200, held.text);
    assert.equal(
      held.text,
      `{"success":true,"reply":{"content":"${WITH_PEOPLE_NOTICE}"},"finish_reason":"stop","conversationId":"${conversationId}","messageId":null,"usage":{"credits":0},"userId":"ada","handoff":{"state":"people","heldMessageId":"${held.body.handoff.heldMessageId}"}}`,
    );
    const streamed = await fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Photos attached later.', conversationId, stream: true }),
    });
    const transcript = await streamed.text();
    const parsed = frames(transcript);
    assert.equal(
      transcript,
      `data: {"success":true,"conversationId":"${conversationId}","messageId":null,"handoff":{"state":"people","heldMessageId":"${parsed[0].handoff.heldMessageId}"}}\n\n` +
        `data: {"delta":{"reply":{"content":"${WITH_PEOPLE_NOTICE}"}}}\n\n` +
        `data: {"delta":{"finish_reason":"stop"},"usage":{"credits":0},"conversationId":"${conversationId}","messageId":null,"handoff":{"state":"people","heldMessageId":"${parsed[0].handoff.heldMessageId}"}}\n\n` +
        'data:\n\n',
    );
    assert.equal(model.requests.length, modelCalls, 'the model was not called');
    assert.equal(model.moderationRequests.length, moderated + 2, 'moderation still applies');
    assert.equal(await balance(), 98, 'nothing charged');
    model.moderate({ flagged: true, categories: ['harassment'] });
    const blocked = await chat({ message: 'You are all idiots', userId: 'ada' });
    model.moderate({ flagged: false });
    assert.equal(blocked.status, 400);
    assert.equal(blocked.body.error.code, 'CONTENT_BLOCKED');

    const replied = await server.call('POST', path('ada', '/messages'), {
      key,
      body: { content: 'Hi Ada, I am Grace from the yard. Bring it in on Monday.', authorName: 'Grace' },
    });
    assert.equal(replied.status, 200, replied.text);
    assert.equal(replied.body.conversationId, conversationId);
    assert.deepEqual(replied.body.message, {
      id: replied.body.message.id,
      role: 'assistant',
      content: 'Hi Ada, I am Grace from the yard. Bring it in on Monday.',
      author: { type: 'person', name: 'Grace' },
      createdAt: replied.body.message.createdAt,
    });
    assert.equal(await balance(), 98, 'a person is not charged for');

    const listed = await server.call('GET', path('ada', '/messages'), { key });
    assert.deepEqual(
      listed.body.messages.map((m: { role: string; content: string; author?: unknown }) => [
        m.role,
        m.content,
        m.author ?? null,
      ]),
      [
        ['assistant', 'Hi Ada, I am Grace from the yard. Bring it in on Monday.', { type: 'person', name: 'Grace' }],
        ['user', 'Photos attached later.', null],
        ['user', 'My hull has a crack, can someone look at it?', null],
        ['assistant', 'Our hall is heated.', null],
        ['user', 'Is the storage hall heated?', null],
      ],
    );

    const resolved = await server.call('POST', path(conversationId, '/handoff/resolve'), { key });
    assert.equal(resolved.status, 200, resolved.text);
    assert.equal(resolved.body.conversation.state, 'agent');
    assert.equal(resolved.body.conversation.handoff.reason, 'Asks about a damaged hull', 'the latest handover is kept');

    model.enqueue({ content: ['See you Monday.'] });
    const after = await chat({ message: 'Thanks! When do you open on Monday?', userId: 'ada' });
    assert.equal(after.status, 200, after.text);
    assert.equal(after.body.reply.content, 'See you Monday.');
    assert.equal(after.body.handoff, undefined);
    assert.equal(await balance(), 96);
    const sent = model.requests
      .at(-1)!
      .body.messages.map((m: { role: string; content: string }) => [m.role, m.content]);
    assert.deepEqual(sent.slice(1), [
      ['user', 'Is the storage hall heated?'],
      ['assistant', 'Our hall is heated.'],
      ['user', 'My hull has a crack, can someone look at it?'],
      ['user', 'Photos attached later.'],
      ['assistant', 'Hi Ada, I am Grace from the yard. Bring it in on Monday.'],
      ['user', 'Thanks! When do you open on Monday?'],
    ]);

    const recorded = await events();
    assert.deepEqual(
      recorded.map((e) => e.type),
      ['handoff.requested', 'handoff.message', 'handoff.message', 'handoff.resolved'],
    );
    assert.deepEqual(recorded[0]!.data, {
      agent: { id: agent.id },
      conversationId,
      userId: 'ada',
      reason: 'Asks about a damaged hull',
      requestedBy: 'api',
      apiKey: 'shop backend',
    });
    assert.deepEqual(recorded[1]!.data, {
      agent: { id: agent.id },
      conversationId,
      userId: 'ada',
      messageId: held.body.handoff.heldMessageId,
      content: 'My hull has a crack, can someone look at it?',
    });
    assert.deepEqual(recorded[3]!.data, {
      agent: { id: agent.id },
      conversationId,
      userId: 'ada',
      resolvedBy: 'api',
      apiKey: 'shop backend',
    });

    await worker.drain();
    const delivered = receiver.received
      .filter((d) => d.path === hookPath)
      .sort((a, b) => a.envelope.id.localeCompare(b.envelope.id));
    assert.deepEqual(
      delivered.map((d) => d.envelope.type),
      ['handoff.requested', 'handoff.message', 'handoff.message', 'handoff.resolved'],
    );
    for (const delivery of delivered)
      assert.ok(delivery.verified, `${delivery.envelope.type} verifies with standardwebhooks`);
    assert.deepEqual(
      delivered.map((d) => d.envelope.data),
      recorded.map((e) => e.data),
    );
    assert.ok(account);
  });

  test('a held chat names no message to rate (JSON and stream): every messageId a chat answers is one feedback accepts', async () => {
    const { agent, key, chat, path } = await setup();
    const agentId = agent.id;
    model.enqueue({ content: ['Our hall is heated.'] });
    const first = await chat({ message: 'Is the storage hall heated?', userId: 'lin' });
    assert.equal(first.status, 200, first.text);
    const rated = await server.call('POST', path('lin', `/messages/${first.body.messageId}/feedback`), {
      key,
      body: { rating: 'up' },
    });
    assert.equal(rated.status, 200, "the model's reply is rated");
    assert.equal((await server.call('POST', path('lin', '/handoff'), { key })).status, 200);

    const held = await chat({ message: 'My hull has a crack.', userId: 'lin' });
    assert.equal(held.status, 200, held.text);
    assert.equal(held.body.messageId, null, 'the notice is not a stored message: nothing to rate');
    const streamed = await fetch(`${server.baseUrl}/api/v1/agents/${agentId}/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Photos later.', userId: 'lin', stream: true }),
    });
    const parsed = frames(await streamed.text());
    assert.deepEqual(
      parsed.filter((frame) => 'messageId' in frame).map((frame) => frame.messageId),
      [null, null],
      'no frame names a message to rate',
    );
    assert.match(parsed[0].handoff.heldMessageId, /^msg_/);
    assert.equal(parsed.at(-1).handoff.heldMessageId, parsed[0].handoff.heldMessageId);
    // Asked for, citations are there as in any reply: none, since no passage grounded the notice.
    const cited = await chat({ message: 'Which passages?', userId: 'lin', citations: true });
    assert.deepEqual(cited.body.reply.citations, []);
    const citedStream = await fetch(`${server.baseUrl}/api/v1/agents/${agentId}/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'And now?', userId: 'lin', stream: true, citations: true }),
    });
    assert.deepEqual(frames(await citedStream.text()).at(-1).citations, []);
    const listed = await server.call('GET', path('lin', '/messages'), { key });
    assert.deepEqual(
      listed.body.messages
        .filter((m: { id: string }) => m.id === held.body.handoff.heldMessageId)
        .map((m: { role: string; content: string }) => [m.role, m.content]),
      [['user', 'My hull has a crack.']],
      'heldMessageId is the stored user message',
    );
    const onHeld = await server.call('POST', path('lin', `/messages/${held.body.handoff.heldMessageId}/feedback`), {
      key,
      body: { rating: 'down' },
    });
    assert.equal(onHeld.status, 404, 'SPEC: no assistant message has this id');
    assert.equal(onHeld.body.error.code, 'MESSAGE_NOT_FOUND');
  });

  test("a person's reply to a conversation with the agent is refused; unknown conversations are 404", async () => {
    const { key, chat, path } = await setup();
    model.enqueue({ content: ['Hello.'] });
    const first = await chat({ message: 'Hello', userId: 'bo' });
    const refused = await server.call('POST', path('bo', '/messages'), {
      key,
      body: { content: 'Hi, Grace here.', authorName: 'Grace' },
    });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error.code, 'CONVERSATION_NOT_WITH_PEOPLE');
    assert.match(refused.body.error.message, /hand it off/);
    assert.equal(
      (await server.call('POST', path(first.body.conversationId, '/handoff/resolve'), { key })).body.conversation.state,
      'agent',
      'resolving a conversation with the agent changes nothing',
    );

    for (const [method, rest, body] of [
      ['POST', '/handoff', undefined],
      ['POST', '/handoff/resolve', undefined],
      ['POST', '/messages', { content: 'x', authorName: 'y' }],
    ] as const) {
      const missing = await server.call(method, path('nobody', rest), { key, ...(body && { body }) });
      assert.equal(missing.status, 404, `${rest}: ${missing.text}`);
      assert.equal(missing.body.error.code, 'CONVERSATION_NOT_FOUND');
    }
    const invalid = await server.call('POST', path('bo', '/messages'), {
      key,
      body: { content: '  ', authorName: 'Grace' },
    });
    assert.equal(invalid.status, 400);
    assert.equal(invalid.body.error.code, 'INVALID_BODY');
    const noAuthor = await server.call('POST', path('bo', '/handoff'), { key, body: { reason: 'x', extra: 1 } });
    assert.equal(noAuthor.status, 400);
  });

  test('a held chat records chat.completed with the userId the request sent, as any chat does (SPEC §6)', async () => {
    const { account, agent, key, chat, path } = await setup();
    model.enqueue({ content: ['Hello.'] });
    const first = await chat({ message: 'Hello', userId: 'cy' });
    const conversationId = first.body.conversationId;
    await server.call('POST', path('cy', '/handoff'), { key });
    const completed = async () =>
      (await server.deps.store.events.list(account.id, { page: 1, size: 100 })).items.filter(
        (e) => e.type === 'chat.completed',
      );
    const before = (await completed()).length;

    const byConversation = await chat({ message: 'Still there?', conversationId });
    assert.equal(byConversation.status, 200, byConversation.text);
    const byUser = await chat({ message: 'Anyone?', userId: 'cy' });
    assert.equal(byUser.status, 200, byUser.text);

    const all = await completed(); // newest first
    const recorded = all.slice(0, all.length - before).reverse();
    assert.deepEqual(
      recorded.map((e) => e.data),
      [
        { agent: { id: agent.id }, conversationId, userId: null, credits: 0, apiKey: 'shop backend' },
        { agent: { id: agent.id }, conversationId, userId: 'cy', credits: 0, apiKey: 'shop backend' },
      ],
    );
  });

  test("a key restricted to other agents cannot hand off, reply, resolve, follow or change the setting; another account's is 404", async () => {
    const { account, ctx, agent, key, chat, path } = await setup();
    model.enqueue({ content: ['Hello.'] });
    const { body } = await chat({ message: 'Hello', userId: 'cy' });
    const otherAgent = await server.seedAgent(ctx, 'Sales bot');
    const restricted = await server.seedKey(account.id, { name: 'restricted', allowedAgentIds: [otherAgent.id] });
    const stranger = await server.seedKey((await server.seedAccount('starter', 10)).account.id, { name: 'stranger' });
    for (const [rest, payload] of [
      ['/handoff', undefined],
      ['/handoff/resolve', undefined],
      ['/messages', { content: 'Hi', authorName: 'Eve' }],
    ] as const) {
      const denied = await server.call('POST', path(body.conversationId, rest), {
        key: restricted,
        ...(payload && { body: payload }),
      });
      assert.equal(denied.status, 403, `${rest}: ${denied.text}`);
      assert.equal(denied.body.error.code, 'AGENT_NOT_ALLOWED');
      const foreign = await server.call('POST', path(body.conversationId, rest), {
        key: stranger,
        ...(payload && { body: payload }),
      });
      assert.equal(foreign.status, 404, `${rest}: ${foreign.text}`);
      assert.equal(foreign.body.error.code, 'AGENT_NOT_FOUND');
      const noKey = await server.call('POST', path(body.conversationId, rest), { ...(payload && { body: payload }) });
      assert.equal(noKey.status, 401);
    }
    // Following along and the handoff setting are the agent's too.
    for (const [caller, status, code] of [
      [restricted, 403, 'AGENT_NOT_ALLOWED'],
      [stranger, 404, 'AGENT_NOT_FOUND'],
    ] as const) {
      const follow = await server.call('GET', path(body.conversationId, '/stream'), { key: caller });
      assert.deepEqual([follow.status, follow.body?.error?.code], [status, code], follow.text);
      const setting = await server.call('PATCH', `/agents/${agent.id}`, {
        key: caller,
        body: { handoff: { enabled: true } },
      });
      assert.deepEqual([setting.status, setting.body?.error?.code], [status, code], setting.text);
    }
    const unchanged = await server.deps.store.conversations.get(account.id, agent.id, body.conversationId);
    assert.equal(unchanged?.state, 'agent');
    assert.equal((await server.deps.store.agents.get(account.id, agent.id))?.handoffEnabled, false);
    assert.ok(key);
  });

  test('an agent with handoff on hands over when the visitor asks for a person, in their own words', async () => {
    const { agent, balance, events, chat, path, key } = await setup({ handoffEnabled: true });
    const modelCalls = model.requests.length;
    const asked = await chat({ message: 'Quiero hablar con una persona, por favor', userId: 'dee' });
    assert.equal(asked.status, 200, asked.text);
    assert.equal(asked.body.reply.content, HANDED_OVER_NOTICE);
    assert.deepEqual(asked.body.handoff, { state: 'people', heldMessageId: asked.body.handoff.heldMessageId });
    assert.match(asked.body.handoff.heldMessageId, /^msg_/);
    assert.equal(asked.body.messageId, null);
    assert.equal(model.requests.length, modelCalls);
    assert.equal(await balance(), 100);
    const recorded = await events();
    assert.deepEqual(
      recorded.map((e) => e.type),
      ['handoff.requested', 'handoff.message'],
    );
    assert.deepEqual(recorded[0]!.data, {
      agent: { id: agent.id },
      conversationId: asked.body.conversationId,
      userId: 'dee',
      reason: 'The visitor asked for a person.',
      requestedBy: 'visitor',
      apiKey: 'shop backend',
    });
    const messages = await server.call('GET', path('dee', '/messages'), { key });
    assert.deepEqual(
      messages.body.messages.map((m: { content: string }) => m.content),
      ['Quiero hablar con una persona, por favor'],
    );

    const { chat: plainChat } = await setup();
    model.enqueue({ content: ['I am the agent.'] });
    const notEnabled = await plainChat({ message: 'Can I talk to a human?' });
    assert.equal(notEnabled.body.reply.content, 'I am the agent.', 'without the setting the model answers');
  });

  test('the handoff setting: PATCH /agents/{id} and the console agent creation; shown only when on', async () => {
    const { account, ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    const plain = await server.call('GET', `/agents/${agent.id}`, { key });
    assert.equal(plain.body.agent.handoff, undefined, "SPEC's fields only while off");
    const on = await server.call('PATCH', `/agents/${agent.id}`, { key, body: { handoff: { enabled: true } } });
    assert.equal(on.status, 200, on.text);
    assert.deepEqual(on.body.agent.handoff, { enabled: true, hours: null });
    assert.equal((await server.deps.store.agents.get(account.id, agent.id))?.handoffEnabled, true);
    assert.deepEqual((await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.handoff, {
      enabled: true,
      hours: null,
    });
    for (const body of [{ handoff: {} }, { handoff: { enabled: 'yes' } }, { handoff: { enabled: true, other: 1 } }]) {
      const refused = await server.call('PATCH', `/agents/${agent.id}`, { key, body });
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.equal(refused.body.error.code, 'INVALID_BODY');
    }
    const hours = { timeZone: 'Europe/Berlin', weekly: [{ days: ['mon', 'fri'], from: '09:00', to: '17:30' }] };
    const withHours = await server.call('PATCH', `/agents/${agent.id}`, { key, body: { handoff: { hours } } });
    assert.deepEqual(withHours.body.agent.handoff, { enabled: true, hours });
    // Written loosely, kept as the zone's name and each day once: the away notice names the zone as
    // the visitor knows it ("Europe/Berlin", not "europe/berlin").
    const loose = await server.call('PATCH', `/agents/${agent.id}`, {
      key,
      body: {
        handoff: {
          hours: { ...hours, timeZone: 'europe/berlin', weekly: [{ ...hours.weekly[0], days: ['mon', 'fri', 'mon'] }] },
        },
      },
    });
    assert.equal(loose.status, 200, loose.text);
    assert.deepEqual(loose.body.agent.handoff, { enabled: true, hours });
    assert.deepEqual((await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.handoff.hours, hours);
    const badHours = await server.call('PATCH', `/agents/${agent.id}`, {
      key,
      body: {
        handoff: { hours: { timeZone: 'Mars/Olympus', weekly: [{ days: ['mon'], from: '17:00', to: '09:00' }] } },
      },
    });
    assert.equal(badHours.status, 400, badHours.text);
    assert.deepEqual(Object.keys(badHours.body.error.list).sort(), ['handoff.hours.timeZone', 'handoff.hours.weekly']);
    // Hours are an object or null: an object is judged as one, so the field at fault is named.
    const badRange = await server.call('PATCH', `/agents/${agent.id}`, {
      key,
      body: { handoff: { hours: { timeZone: 'UTC', weekly: [{ days: ['funday'], from: '9am', to: '17:00' }] } } },
    });
    assert.deepEqual(
      [badRange.status, badRange.body.error.list],
      [
        400,
        {
          'handoff.hours.weekly.0.days.0': ['must be one of: mon, tue, wed, thu, fri, sat, sun'],
          'handoff.hours.weekly.0.from': ['must be a time of day as HH:MM, such as 09:00'],
        },
      ],
    );
    // An hour past 23 is as wrong a time as `9am`, and named the same way, at its place.
    const badHour = await server.call('PATCH', `/agents/${agent.id}`, {
      key,
      body: { handoff: { hours: { timeZone: 'UTC', weekly: [{ days: ['mon'], from: '09:00', to: '29:00' }] } } },
    });
    assert.deepEqual(
      [badHour.status, badHour.body.error.list],
      [400, { 'handoff.hours.weekly.0.to': ['must be a time of day as HH:MM, such as 09:00'] }],
    );
    const noWeekly = await server.call('PATCH', `/agents/${agent.id}`, {
      key,
      body: { handoff: { hours: { timeZone: 'UTC' } } },
    });
    assert.deepEqual(noWeekly.body.error.list, { 'handoff.hours.weekly': ['is required'] });
    const notObject = await server.call('PATCH', `/agents/${agent.id}`, {
      key,
      body: { handoff: { hours: 'always' } },
    });
    assert.deepEqual(notObject.body.error.list, { 'handoff.hours': ['must be an object or null'] });
    const off = await server.call('PATCH', `/agents/${agent.id}`, {
      key,
      body: { handoff: { enabled: false, hours: null } },
    });
    assert.equal(off.body.agent.handoff, undefined);

    const admin = adminClient(server);
    await admin.addUser(account.id, `owner-${account.id}@example.com`);
    const as = admin.as(await admin.signIn(`owner-${account.id}@example.com`));
    const created = await as('POST', `/accounts/${account.id}/agents`, { name: 'Desk', handoff: { enabled: true } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.deepEqual(created.body.agent.handoff, { enabled: true, hours: null });
    assert.equal((await server.deps.store.agents.get(account.id, created.body.agent.id))?.handoffEnabled, true);
  });

  test('with a generative model the agent hands over through its built-in tool, never a pending call for the client', async () => {
    const { account, agent, key, balance, events, chat, path } = await setup({ handoffEnabled: true });
    const requestsBefore = model.requests.length;
    model.enqueue({
      toolCalls: [{ name: 'handoff_to_person', arguments: '{"reason":"The hull needs an inspection."}' }],
    });
    const handed = await chat({ message: 'My hull is cracked, what now?', userId: 'eve' });
    assert.equal(handed.status, 200, handed.text);
    assert.equal(handed.body.reply.content, HANDED_OVER_NOTICE);
    assert.equal(handed.body.reply.tool_calls, undefined, 'the built-in call is not the client’s');
    assert.equal(handed.body.finish_reason, 'stop');
    assert.deepEqual(handed.body.handoff, { state: 'people' });
    assert.ok(handed.body.usage.credits > 0, 'the model answered: charged as usual');
    const offered = (model.requests[requestsBefore]!.body as { tools?: Array<{ function: { name: string } }> }).tools;
    assert.ok(offered?.some((tool) => tool.function.name === 'handoff_to_person'));
    const conversation = await server.deps.store.conversations.get(account.id, agent.id, handed.body.conversationId);
    assert.equal(conversation?.state, 'people');
    assert.deepEqual(
      [conversation?.handoff?.requestedBy, conversation?.handoff?.reason],
      ['agent', 'The hull needs an inspection.'],
    );
    const requested = (await events()).filter((e) => e.type === 'handoff.requested');
    assert.equal(requested.length, 1);
    assert.equal((requested[0]!.data as { requestedBy: string }).requestedBy, 'agent');
    const listed = await server.call('GET', path('eve', '/messages'), { key });
    assert.ok(listed.body.messages.every((m: { tool_calls?: unknown }) => m.tool_calls === undefined));

    // The next message is held for people: no pending call blocks it, the model is not called.
    const spent = await balance();
    const calls = model.requests.length;
    const next = await chat({ message: 'Hello?', userId: 'eve' });
    assert.equal(next.status, 200, next.text);
    assert.equal(next.body.reply.content, WITH_PEOPLE_NOTICE);
    assert.equal(model.requests.length, calls);
    assert.equal(await balance(), spent);

    // Streamed, with words of its own: no tool_calls frame, the final frame says handoff.
    model.enqueue({
      content: ['Let me get someone from the yard.'],
      toolCalls: [{ name: 'handoff_to_person', arguments: '{}' }],
    });
    const streamed = await chat({ message: 'The engine smokes, can you help?', userId: 'fay', stream: true });
    assert.equal(streamed.status, 200);
    const parsed = frames(streamed.text);
    assert.ok(
      parsed.every((frame) => frame.delta?.tool_calls === undefined),
      streamed.text,
    );
    assert.deepEqual(parsed.at(-1)?.handoff, { state: 'people' });
    assert.equal(parsed.at(-1)?.delta.finish_reason, 'stop');
    const fay = await server.call('GET', path('fay', '/messages'), { key });
    assert.equal(fay.body.messages[0].content, 'Let me get someone from the yard.');
    assert.equal((await server.deps.store.conversations.findByUser(account.id, agent.id, 'fay'))?.state, 'people');

    // Without the setting the tool is not offered.
    const plain = await setup();
    model.enqueue({ content: ['Hi.'] });
    const before = model.requests.length;
    await plain.chat({ message: 'Hi' });
    const tools = (model.requests[before]!.body as { tools?: Array<{ function: { name: string } }> }).tools ?? [];
    assert.ok(tools.every((tool) => tool.function.name !== 'handoff_to_person'));
  });
});
