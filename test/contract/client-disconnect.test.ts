// A client that goes away mid-answer is an ordinary event: logged at info with
// no stack, and chat.failed says CLIENT_DISCONNECTED (not UNKNOWN_ERROR).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startScriptedModelServer, type ScriptedModelServer } from '../support/scripted-model-server.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';
import type { StoreRepositories } from '../../src/ports/store.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  err?: unknown;
  code?: string;
}

describe('client disconnect mid-answer', () => {
  let model: ScriptedModelServer;
  let server: TestServer;
  const logs: LogLine[] = [];
  before(async () => {
    model = await startScriptedModelServer();
    const plan = { requestsPerMinute: 100_000, models: ['scripted'] };
    server = await startTestServer({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
      configFile: {
        models: [
          {
            id: 'scripted',
            provider: 'openai',
            baseUrl: model.baseUrl,
            model: 'scripted-large',
            credits: 2,
            timeoutMs: 5_000,
          },
        ],
        plans: { free: plan, starter: plan, pro: plan, business: plan },
        moderation: { provider: 'none' },
      },
    });
  });
  after(async () => {
    await server.close();
    await model.close();
  });

  async function disconnectDuring(stream: boolean) {
    const { account, ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx);
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted' });
    const key = await server.seedKey(account.id, { name: 'widget' });
    model.enqueue({ content: ['One', ' two', ' three'], hangAfterChunks: 2 });
    const count = model.requests.length;
    const controller = new AbortController();
    const response = fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Count for me', stream, userId: 'u1' }),
      signal: controller.signal,
    });
    if (stream) {
      const { value } = await (await response).body!.getReader().read();
      assert.match(new TextDecoder().decode(value), /"success":true/);
    } else {
      response.catch(() => undefined);
    }
    await model.waitForRequests(count + 1);
    controller.abort();
    assert.equal(await model.requests[count]!.settled, true, 'the model call was stopped');
    // chat.failed is recorded after the request ends: wait for it. Events reach clients only as
    // webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
    let failed;
    for (let waited = 0; !failed; waited += 20) {
      assert.ok(waited < 5_000, 'chat.failed was recorded');
      await new Promise((resolve) => setTimeout(resolve, 20));
      failed = (await server.deps.store.events.list(account.id, { page: 1, size: 20 })).items.find(
        (event) => event.type === 'chat.failed',
      );
    }
    return failed;
  }

  for (const stream of [true, false]) {
    test(`${stream ? 'SSE stream' : 'JSON reply'}: chat.failed carries CLIENT_DISCONNECTED; logged at info, no stack`, async () => {
      const before = logs.length;
      const failed = await disconnectDuring(stream);
      assert.deepEqual(failed.data.error, { code: 'CLIENT_DISCONNECTED' });
      assert.equal(failed.data.credits, 0);
      assert.equal(failed.data.apiKey, 'widget');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const lines = logs.slice(before);
      const errors = lines.filter((line) => line.level >= 50);
      assert.deepEqual(errors, [], 'nothing logged as an error');
      const gone = lines.filter((line) => line.code === 'CLIENT_DISCONNECTED');
      assert.equal(gone.length, 1, JSON.stringify(lines));
      assert.equal(gone[0]!.level, 30);
      assert.equal(gone[0]!.err, undefined);
      assert.ok(!JSON.stringify(lines).includes('"stack"'));
    });
  }

  /** Holds every transaction begun from now on (as a saturated database would: no connection, a
   * lock) until `open()`; `reached` resolves when the first one waits. */
  function holdTransactions() {
    const store = server.deps.store;
    const original = store.transaction;
    const begin = original.bind(store);
    let open!: () => void;
    let reached!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const waiting = new Promise<void>((resolve) => (reached = resolve));
    store.transaction = async <T>(work: (tx: StoreRepositories) => Promise<T>): Promise<T> => {
      reached();
      await gate;
      return begin(work);
    };
    return {
      reached: waiting,
      open() {
        store.transaction = original;
        open();
      },
    };
  }

  for (const operation of ['search', 'chat'] as const) {
    test(`${operation}: a client that gives up while the server waits to charge is not charged`, async () => {
      const { account, ctx } = await server.seedAccount('starter', 100);
      const agent = await server.seedAgent(ctx);
      if (operation === 'chat') await updateAgent(server.deps, ctx, agent.id, { model: 'scripted' });
      const key = await server.seedKey(account.id);
      if (operation === 'chat') model.enqueue({ content: ['Here', ' it is'] });
      const held = holdTransactions();
      const controller = new AbortController();
      const body = operation === 'chat' ? { message: 'Count for me' } : { query: 'opening hours' };
      const response = fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/${operation}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      response.catch(() => undefined);
      try {
        await held.reached;
        controller.abort();
        // The server hears the connection close before its charge can commit.
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        held.open();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const balance = (await server.call('GET', '/usage', { key })).body.balance.credits;
      assert.equal(balance, 100, 'nothing was charged');
      if (operation === 'chat') {
        const conversations = (await server.call('GET', `/agents/${agent.id}/conversations`, { key })).body
          .conversations as Array<{ messageCount: number }>;
        assert.deepEqual(
          conversations.map((conversation) => conversation.messageCount).filter((count) => count > 0),
          [],
          'no message was stored',
        );
      }
    });
  }
});
