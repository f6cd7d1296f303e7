// A JSON-RPC batch sent to /api/v1/mcp counts each of its messages against the account's rate
// limit, so a batch of tool calls cannot run more work a minute than the plan allows one by one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe('MCP batches and the rate limit', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ configFile: { plans: { free: { requestsPerMinute: 5 } } } });
  });
  after(async () => {
    await server.close();
  });

  const searches = (agentId: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'search_knowledge', arguments: { agentId, query: 'opening hours' } },
    }));
  const post = (key: string, body: unknown) =>
    server.call('POST', '/mcp', { key, body, headers: { accept: 'application/json, text/event-stream' } });

  test('a batch of 3 counts as 3 requests, and one that goes over the limit is 429 RATE_LIMITED, nothing charged', async () => {
    const { account, ctx } = await server.seedAccount('free', 10);
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id, { name: 'batcher' });

    const first = await post(key, searches(agent.id, 3));
    assert.equal(first.status, 200);
    assert.equal(first.body.length, 3);
    assert.equal(first.headers.get('ratelimit-limit'), '5');
    assert.equal(first.headers.get('ratelimit-remaining'), '2');

    const over = await post(key, searches(agent.id, 3));
    assert.equal(over.status, 429);
    assert.equal(over.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(over.headers.get('ratelimit-remaining'), '0');
    assert.match(over.headers.get('retry-after') ?? '', /^\d+$/);
    assert.equal(over.headers.get('ratelimit-reset'), over.headers.get('retry-after'));
    assert.deepEqual(over.body, {
      success: false,
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests: this batch of 3 counts as 3 requests, and the free plan allows 5 per minute.',
      },
    });

    // Only the first batch's three searches were run and charged (0.2 each).
    const balance = (await server.deps.store.accounts.get(account.id))!.creditBalance;
    assert.equal(balance, 9_400, 'in thousandths of a credit');

    // The refusal is counted with every other 429 of the per-account limit.
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    assert.match(metrics, /colloquy_rate_limit_rejections_total\{plan="free"\} 1\n/);
  });

  test('a single message counts once, as any request', async () => {
    const { account, ctx } = await server.seedAccount('free', 10);
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id, { name: 'single' });
    const one = await post(key, searches(agent.id, 1)[0]);
    assert.equal(one.status, 200);
    assert.equal(one.headers.get('ratelimit-remaining'), '4');
  });
});
