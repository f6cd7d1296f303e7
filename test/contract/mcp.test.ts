// The MCP server at /api/v1/mcp through the SDK's own client over Streamable HTTP: tools and the
// agents resource, charges and events as search and chat, and the key's restrictions.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  startScriptedModelServer,
  scriptedModelConfig,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';

describe('MCP server', () => {
  let model: ScriptedModelServer;
  let server: TestServer;
  const clients: Client[] = [];

  before(async () => {
    model = await startScriptedModelServer();
    server = await startTestServer({ configFile: scriptedModelConfig(model.baseUrl) });
  });
  after(async () => {
    for (const client of clients) await client.close();
    await server.close();
    await model.close();
  });

  async function connect(key: string): Promise<Client> {
    const client = new Client({ name: 'colloquy-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/v1/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function setup() {
    const { account, ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx, 'Harbour desk');
    const other = await server.seedAgent(ctx, 'Boatyard desk');
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted', instructions: 'You are the harbour master.' });
    const key = await server.seedKey(account.id, { name: 'assistant' });
    await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: { title: 'Moorings', content: 'Visitor moorings cost 30 euros a night at the east pontoon.' },
    });
    const balance = async () => (await server.call('GET', '/usage', { key })).body.balance.credits as number;
    // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
    const events = async (type: string) =>
      (await server.deps.store.events.list(account.id, { page: 1, size: 100 })).items.filter((e) => e.type === type);
    return { account, agent, other, key, balance, events };
  }

  const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

  test('lists its tools and the key’s agents', async () => {
    const { agent, other, key } = await setup();
    const client = await connect(key);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ['search_knowledge', 'ask_agent'],
    );
    assert.deepEqual(tools[0]!.inputSchema.required, ['agentId', 'query']);
    const { resources } = await client.listResources();
    assert.deepEqual(
      resources.map((r) => r.uri),
      ['colloquy://agents'],
    );
    const read = await client.readResource({ uri: 'colloquy://agents' });
    const { agents } = JSON.parse((read.contents[0] as { text: string }).text);
    assert.deepEqual(agents.map((a: { id: string }) => a.id).sort(), [agent.id, other.id].sort());
    // An unknown resource is MCP's "Resource not found" (-32002), not an internal error (-32603).
    await assert.rejects(client.readResource({ uri: 'colloquy://nope' }), (error: { code?: number }) => {
      assert.equal(error.code, -32002);
      return true;
    });
  });

  test('search_knowledge is charged as a search; ask_agent as a chat, with chat.completed', async () => {
    const { agent, key, balance, events } = await setup();
    const client = await connect(key);
    const found = (await client.callTool({
      name: 'search_knowledge',
      arguments: { agentId: agent.id, query: 'how much does a mooring cost?' },
    })) as CallToolResult;
    assert.equal(found.isError, undefined, textOf(found));
    const results = JSON.parse(textOf(found));
    assert.match(results[0].content, /30 euros a night/);
    assert.equal(results[0].source.title, 'Moorings');
    assert.equal(await balance(), 99.8);

    model.enqueue({ content: ['Moorings cost', ' 30 euros.'] });
    const asked = (await client.callTool({
      name: 'ask_agent',
      arguments: { agentId: agent.id, message: 'How much is a mooring?' },
    })) as CallToolResult;
    assert.equal(textOf(asked), 'Moorings cost 30 euros.');
    const { conversationId, credits } = asked.structuredContent as { conversationId: string; credits: number };
    assert.equal(credits, 2);
    assert.equal(await balance(), 97.8);
    assert.match(model.requests.at(-1)!.body.messages[0].content, /east pontoon/, 'grounded in the knowledge');
    const sent = model.requests.length;
    await client.callTool({
      name: 'ask_agent',
      arguments: { agentId: agent.id, message: 'And for a week?', conversationId },
    });
    assert.deepEqual(
      model.requests[sent]!.body.messages.slice(1).map((m: { role: string }) => m.role),
      ['user', 'assistant', 'user'],
      'the conversation continues',
    );
    const completed = await events('chat.completed');
    assert.equal(completed.length, 2);
    assert.deepEqual(completed.at(-1)!.data, {
      agent: { id: agent.id },
      conversationId,
      userId: null,
      credits: 2,
      apiKey: 'assistant',
    });

    const invalid = (await client.callTool({
      name: 'search_knowledge',
      arguments: { agentId: agent.id },
    })) as CallToolResult;
    assert.equal(invalid.isError, true);
    assert.match(textOf(invalid), /^INVALID_BODY: /);
    // A query of invisible format characters only (zero-width spaces) is as blank as spaces: refused, not charged.
    const balanceBefore = await balance();
    const invisible = (await client.callTool({
      name: 'search_knowledge',
      arguments: { agentId: agent.id, query: '\u200b\u200b' },
    })) as CallToolResult;
    assert.equal(invisible.isError, true, textOf(invisible));
    assert.match(textOf(invisible), /^INVALID_BODY: /);
    assert.equal(await balance(), balanceBefore);
  });

  test('a restricted key is refused on another agent; a bad key or address is refused at the door', async () => {
    const { account, agent, other, balance } = await setup();
    const restricted = await server.seedKey(account.id, { allowedAgentIds: [agent.id] });
    const client = await connect(restricted);
    for (const call of [
      { name: 'search_knowledge', arguments: { agentId: other.id, query: 'moorings' } },
      { name: 'ask_agent', arguments: { agentId: other.id, message: 'Hello' } },
    ]) {
      const refused = (await client.callTool(call)) as CallToolResult;
      assert.equal(refused.isError, true);
      assert.match(textOf(refused), /^AGENT_NOT_ALLOWED: /);
    }
    const read = await client.readResource({ uri: 'colloquy://agents' });
    assert.deepEqual(
      JSON.parse((read.contents[0] as { text: string }).text).agents.map((a: { id: string }) => a.id),
      [agent.id],
    );
    assert.equal(await balance(), 100, 'refusals cost nothing');

    await assert.rejects(connect('cq_not_a_key'), /401|Unauthorized/);
    const elsewhere = await server.seedKey(account.id, { allowedIps: ['203.0.113.7'] });
    await assert.rejects(connect(elsewhere), /403|IP_NOT_ALLOWED/);
    const get = await fetch(`${server.baseUrl}/api/v1/mcp`, {
      headers: { authorization: `Bearer ${restricted}`, accept: 'text/event-stream' },
    });
    assert.equal(get.status, 405);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const raw = await fetch(`${server.baseUrl}/api/v1/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${restricted}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      body: JSON.stringify(initialize),
    });
    assert.equal(raw.status, 200);
    assert.ok(raw.headers.get('ratelimit-remaining'), 'the rate limit headers go with the transport’s answer');
    assert.match(raw.headers.get('x-request-id') ?? '', /^req_/);
    assert.equal(
      ((await raw.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name,
      'colloquy',
    );
  });

  test('ask_agent on a conversation with pending tool calls names them, as the HTTP API’s 409 does', async () => {
    const { ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx, 'Order desk');
    const lookup = {
      name: 'lookup_order',
      description: 'Finds an order.',
      parameters: { type: 'object', properties: {} },
    };
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted', instructions: 'Orders.', tools: [lookup] });
    const key = await server.seedKey(ctx.accountId);
    model.enqueue({
      toolCalls: [
        { name: 'lookup_order', arguments: '{}' },
        { name: 'lookup_order', arguments: '{}' },
      ],
    });
    const asked = await server.call('POST', `/agents/${agent.id}/chat`, { key, body: { message: 'Where is it?' } });
    assert.equal(asked.status, 200, asked.text);
    const ids = asked.body.reply.tool_calls.map((call: { id: string }) => call.id);
    const http = await server.call('POST', `/agents/${agent.id}/chat`, {
      key,
      body: { message: 'Hello?', conversationId: asked.body.conversationId },
    });
    assert.equal(http.status, 409);
    assert.deepEqual(http.body.error.ids, ids);

    const client = await connect(key);
    const refused = (await client.callTool({
      name: 'ask_agent',
      arguments: { agentId: agent.id, message: 'Hello?', conversationId: asked.body.conversationId },
    })) as CallToolResult;
    assert.equal(refused.isError, true);
    assert.deepEqual(refused.structuredContent, { error: http.body.error }, 'the HTTP API’s error object');
    assert.equal(textOf(refused), `PENDING_TOOL_CALLS: ${http.body.error.message} Tool calls: ${ids.join(', ')}.`);
  });

  test('an empty batch is one JSON-RPC "Invalid Request", with the status of the transport’s other JSON-RPC errors', async () => {
    const { key } = await setup();
    const post = (body: string) =>
      fetch(`${server.baseUrl}/api/v1/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
        },
        body,
      });
    // A malformed message: the transport's own answer, whose status the empty batch follows.
    const malformed = await post('{"jsonrpc":"2.0"}');
    assert.equal(malformed.status, 400);
    assert.deepEqual(((await malformed.json()) as { error: { code: number } }).error.code, -32700);
    const empty = await post('[]');
    assert.equal(empty.status, 400);
    assert.match(empty.headers.get('content-type') ?? '', /^application\/json/);
    assert.ok(empty.headers.get('ratelimit-remaining'));
    assert.deepEqual(await empty.json(), {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request' },
    });
  });
});
