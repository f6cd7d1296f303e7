// Following a conversation over SSE: a stream opened on one node receives the messages stored and
// the state moves made through another node (a second app with its own store connections and feed,
// on the same database), as they commit; reconnecting with `after`; errors before the stream.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  scriptedModelConfig,
  startScriptedModelServer,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { closeDomainDeps, createDomainDeps, createRateLimiter } from '../../src/compose.ts';
import { buildApp } from '../../src/http/build-app.ts';
import type { DomainDeps } from '../../src/domain/context.ts';
import type { RateLimiter } from '../../src/ports/rate-limiter.ts';
import type { ApiApp } from '../../src/http/types.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';
import { openStream as openSse, type Frame } from '../support/sse-stream.ts';

/** An open follow stream read with `key`. */
const openStream = (url: string, key: string) => openSse(url, { authorization: `Bearer ${key}` });

describe(`following a conversation (${TEST_BACKEND})`, () => {
  let model: ScriptedModelServer;
  let server: TestServer;
  let nodeB: {
    deps: DomainDeps;
    app: ApiApp & { closeGracefully: () => Promise<void> };
    rateLimiter: RateLimiter;
    baseUrl: string;
  };

  before(async () => {
    model = await startScriptedModelServer();
    server = await startTestServer({ configFile: scriptedModelConfig(model.baseUrl) });
    // A second node on the same database: its own connections, its own feed.
    const deps = await createDomainDeps(server.config);
    const rateLimiter = createRateLimiter(server.config, deps.store);
    const app = await buildApp({ domain: deps, rateLimiter, server: server.config.server });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    nodeB = { deps, app, rateLimiter, baseUrl: `http://127.0.0.1:${address.port}` };
  });
  after(async () => {
    await nodeB.app.closeGracefully();
    await nodeB.rateLimiter.close();
    await closeDomainDeps(nodeB.deps);
    await server.close();
    await model.close();
  });

  async function setup() {
    const { account, ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx);
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted' });
    const key = await server.seedKey(account.id, { name: 'inbox bridge' });
    const onB = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${nodeB.baseUrl}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Frame };
    };
    model.enqueue({ content: ['Hello from the agent.'] });
    const first = await server.call('POST', `/agents/${agent.id}/chat`, {
      key,
      body: { message: 'Hello', userId: 'eve' },
    });
    assert.equal(first.status, 200, first.text);
    return {
      agent,
      key,
      onB,
      conversationId: first.body.conversationId as string,
      firstReplyId: first.body.messageId as string,
    };
  }

  test("a stream on node A gets the handoff, the visitor's message and a person's reply made on node B, as they are stored", async () => {
    const { agent, key, onB, conversationId } = await setup();
    const stream = await openStream(`${server.baseUrl}/api/v1/agents/${agent.id}/conversations/eve/stream`, key);
    assert.equal(stream.response.status, 200);
    assert.match(stream.response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const start = await stream.next();
    assert.equal(start.success, true);
    assert.equal(start.conversation.id, conversationId);
    assert.equal(start.conversation.state, 'agent');
    assert.equal(start.conversation.messageCount, 2);

    assert.equal(
      (await onB('POST', `/agents/${agent.id}/conversations/eve/handoff`, { reason: 'Billing' })).status,
      200,
    );
    // Well within the PostgreSQL feed's 5 s fallback poll: the change was announced (LISTEN/NOTIFY).
    const prompt = 2_000;
    const moved = await stream.next(prompt);
    assert.equal(moved.conversation.state, 'people');
    assert.equal(moved.conversation.handoff.reason, 'Billing');

    assert.equal(
      (await onB('POST', `/agents/${agent.id}/chat`, { message: 'Is anyone there?', userId: 'eve' })).status,
      200,
    );
    const visitor = await stream.next(prompt);
    assert.deepEqual(
      [visitor.message.role, visitor.message.content, visitor.message.author],
      ['user', 'Is anyone there?', undefined],
    );

    const replied = await onB('POST', `/agents/${agent.id}/conversations/eve/messages`, {
      content: 'Yes, Sam here.',
      authorName: 'Sam',
    });
    assert.equal(replied.status, 200);
    const reply = await stream.next(prompt);
    assert.deepEqual(reply.message, replied.body.message, 'the same message as the API answered');

    assert.equal((await onB('POST', `/agents/${agent.id}/conversations/eve/handoff/resolve`)).status, 200);
    assert.equal((await stream.next(prompt)).conversation.state, 'agent');
    stream.close();
  });

  test('`after` replays what came since a message; errors come before the stream as JSON', async () => {
    const { agent, key, firstReplyId, conversationId } = await setup();
    await server.call('POST', `/agents/${agent.id}/conversations/${conversationId}/handoff`, { key });
    await server.call('POST', `/agents/${agent.id}/conversations/${conversationId}/messages`, {
      key,
      body: { content: 'Missed me?', authorName: 'Sam' },
    });
    const resumed = await openStream(
      `${server.baseUrl}/api/v1/agents/${agent.id}/conversations/${conversationId}/stream?after=${firstReplyId}`,
      key,
    );
    assert.equal((await resumed.next()).conversation.state, 'people');
    assert.equal((await resumed.next()).message.content, 'Missed me?');
    resumed.close();

    const missing = await server.call('GET', `/agents/${agent.id}/conversations/nobody/stream`, { key });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'CONVERSATION_NOT_FOUND');
    const unknownAfter = await server.call(
      'GET',
      `/agents/${agent.id}/conversations/${conversationId}/stream?after=msg_nope`,
      { key },
    );
    assert.equal(unknownAfter.status, 404);
    assert.equal(unknownAfter.body.error.code, 'MESSAGE_NOT_FOUND');
    const stranger = await server.seedKey((await server.seedAccount()).account.id);
    assert.equal(
      (await server.call('GET', `/agents/${agent.id}/conversations/${conversationId}/stream`, { key: stranger }))
        .status,
      404,
    );
  });

  test('deleting the conversation ends the stream with the end marker; closing the server ends open streams', async () => {
    const { agent, key, conversationId } = await setup();
    const stream = await openStream(
      `${server.baseUrl}/api/v1/agents/${agent.id}/conversations/${conversationId}/stream`,
      key,
    );
    await stream.next();
    assert.equal(
      (await server.call('DELETE', `/agents/${agent.id}/conversations/${conversationId}`, { key })).status,
      200,
    );
    assert.equal(await stream.next(2_000), 'end');

    const other = await setup();
    const open = await openStream(
      `${nodeB.baseUrl}/api/v1/agents/${other.agent.id}/conversations/${other.conversationId}/stream`,
      other.key,
    );
    await open.next();
    const closing = Date.now();
    const closed = nodeB.app.closeGracefully();
    assert.equal(await open.next(), 'end');
    await closed;
    assert.ok(Date.now() - closing < 5_000, 'the open stream did not hold the close back');
  });
});
