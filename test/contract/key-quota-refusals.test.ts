import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { createKey } from '../../src/domain/keys/create-key.ts';
import { chargeCredits } from '../../src/domain/credits/charge.ts';
import { AppError } from '../../src/domain/errors.ts';

// A key whose quota has some credit left, but less than the request costs, was told its quota "is
// used up": the words now say the quota is too small for this request (the code is the same).
describe('429 QUOTA_EXCEEDED says whether the quota is used up or too small for the request', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ configFile: UNLIMITED_RATE });
  });
  after(() => server.close());

  const refusal = (message: string) => ({ success: false, error: { code: 'QUOTA_EXCEEDED', message } });
  /** A fresh account with credit to spare, an agent, and a key with `quota`. */
  const keyWithQuota = async (quota: number) => {
    const { account, ctx } = await server.seedAccount('free', 100);
    const agent = await server.seedAgent(ctx);
    return { account, agent, key: await server.seedKey(account.id, { quota }) };
  };

  test('a 1-credit chat on a key with 0.5 credits of quota, nothing spent', async () => {
    const { agent, key } = await keyWithQuota(0.5);
    const response = await server.call('POST', `/agents/${agent.id}/chat`, { key, body: { message: 'Hello' } });
    assert.equal(response.status, 429);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(
      response.body,
      refusal("This key's credit quota is too small for this request: it costs 1 credit and the quota has 0.5 left."),
    );
  });

  test('a 0.2-credit search on a key with 0.1 left, then one with nothing left', async () => {
    const { account, agent, key } = await keyWithQuota(0.1);
    const small = await server.call('POST', `/agents/${agent.id}/search`, { key, body: { query: 'hours' } });
    assert.equal(small.status, 429);
    assert.deepEqual(
      small.body,
      refusal(
        "This key's credit quota is too small for this request: it costs 0.2 credits and the quota has 0.1 left.",
      ),
    );

    const spent = await server.seedKey(account.id, { quota: 0.2 });
    assert.equal(
      (await server.call('POST', `/agents/${agent.id}/search`, { key: spent, body: { query: 'a' } })).status,
      200,
    );
    const usedUp = await server.call('POST', `/agents/${agent.id}/search`, { key: spent, body: { query: 'b' } });
    assert.equal(usedUp.status, 429);
    assert.deepEqual(usedUp.body, refusal("This key's credit quota is used up."));
  });

  test('the charge itself (a request that passed the check before a concurrent one spent the quota)', async () => {
    const { account, ctx } = await server.seedAccount('free', 100);
    const { record } = await createKey(server.deps, account.id, { name: 'metered', quota: 1.5 });
    const keyCtx = { ...ctx, key: { id: record.id, name: record.name, allowedAgentIds: null } };
    const charge = (credits: number) =>
      server.deps.store.transaction((tx) =>
        chargeCredits(tx, server.deps, keyCtx, { credits, agentId: null, description: 'chat' }),
      );
    const tooSmall = await charge(2).catch((error: unknown) => error);
    assert.ok(tooSmall instanceof AppError);
    assert.equal(tooSmall.code, 'QUOTA_EXCEEDED');
    assert.equal(
      tooSmall.message,
      "This key's credit quota is too small for this request: it costs 2 credits and the quota has 1.5 left.",
    );
    await charge(1.5);
    const usedUp = await charge(1).catch((error: unknown) => error);
    assert.ok(usedUp instanceof AppError);
    assert.equal(usedUp.message, "This key's credit quota is used up.");
  });
});
