// Over 300 lines: one resource's delivery contract; cases are independent.
// Webhook delivery end to end, in process, on the suite's backend: a real receiver on loopback
// checks every signature with the `standardwebhooks` library; an injected clock drives retries.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { createWebhookWorker } from '../../src/compose.ts';
import type { DeliveryWorker } from '../../src/workers/delivery-worker.ts';
import { createEndpoint } from '../../src/domain/webhooks/create-endpoint.ts';
import { updateEndpoint } from '../../src/domain/webhooks/update-endpoint.ts';
import { sendTestPing, PING_MESSAGE } from '../../src/domain/webhooks/send-test-ping.ts';
import { listDeliveries } from '../../src/domain/webhooks/list-deliveries.ts';
import { redeliver } from '../../src/domain/webhooks/redeliver.ts';
import { toDeliveryView } from '../../src/domain/webhooks/delivery-view.ts';
import { getEndpoint } from '../../src/domain/webhooks/get-endpoint.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';
import { deleteAgent } from '../../src/domain/agents/delete-agent.ts';
import { addMember } from '../../src/domain/accounts/add-member.ts';
import { addCredits } from '../../src/domain/credits/add-credits.ts';
import { chargeCredits } from '../../src/domain/credits/charge.ts';
import { recordEvent } from '../../src/domain/events/record-event.ts';
import { addTextSource } from '../../src/domain/knowledge/add-text-source.ts';
import { deleteSource } from '../../src/domain/knowledge/delete-source.ts';
import { operatorContext, type RequestContext } from '../../src/domain/context.ts';
import type { AppError } from '../../src/domain/errors.ts';
import { createTargetCheck } from '../../src/providers/http/target-check.ts';
import { outboundAddressPolicy } from '../../src/providers/http/guarded-fetcher.ts';

const clock = createTestClock();
const secrets = new Map<string, string>();
let server: TestServer;
let receiver: Receiver;
let worker: DeliveryWorker;
let pathCount = 0;

async function endpointFor(ctx: RequestContext, events?: string[]) {
  const path = `/hook-${++pathCount}`;
  const created = await createEndpoint(server.deps, ctx, { url: receiver.url(path), events });
  secrets.set(path, created.secret);
  return { ...created, path };
}
// Deliveries may arrive in any order (they are sent concurrently): sort by event id (time order).
const receivedAt = (path: string) => receiver.received.filter((d) => d.path === path);
const typesAt = (path: string) =>
  receivedAt(path)
    .sort((a, b) => a.envelope.id.localeCompare(b.envelope.id))
    .map((d) => d.envelope.type);
const charge = (ctx: RequestContext, credits: number) =>
  server.deps.store.transaction((tx) =>
    chargeCredits(tx, server.deps, ctx, { credits, agentId: null, description: 'chat' }),
  );

describe(`webhook delivery (${TEST_BACKEND})`, () => {
  before(async () => {
    server = await startTestServer({ clock, configFile: { network: { allowPrivateAddresses: true } } });
    receiver = await startReceiver(secrets, { checkTime: false });
    worker = createWebhookWorker(server.config, server.deps, undefined, () => 0.5);
  });
  after(async () => {
    await worker.stop();
    await receiver.close();
    await server.close();
  });
  beforeEach(() => receiver.respond(200));

  test('each event type arrives signed, as SPEC §6 envelope with its data fields, to the owning account only', async () => {
    const { ctx } = await server.seedAccount('free', 100);
    const other = await server.seedAccount('free', 100);
    const mine = await endpointFor(ctx);
    const theirs = await endpointFor(other.ctx);
    assert.match(mine.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);

    const agent = await server.seedAgent(ctx, 'Helper');
    await updateAgent(server.deps, ctx, agent.id, { name: 'Helper 2' });
    // Chat events are recorded here directly, with the fields the chat code gives them, to prove
    // delivery carries them as recorded. Knowledge events come from the real operations.
    const chat = { agent: { id: agent.id }, conversationId: 'conv_1', userId: null, credits: 1, apiKey: 'backend' };
    await server.deps.store.transaction(async (tx) => {
      await recordEvent(tx, server.deps, ctx.accountId, 'chat.completed', chat);
      await recordEvent(tx, server.deps, ctx.accountId, 'chat.failed', { ...chat, credits: 0 });
    });
    const source = await addTextSource(server.deps, ctx, agent.id, {
      title: 'FAQ',
      content: 'Answers to the questions customers ask most.',
    });
    await deleteSource(server.deps, ctx, agent.id, source.id);
    await deleteAgent(server.deps, ctx, agent.id);
    await charge(ctx, 85); // 100 → 15: below 20 % of the 100-credit allowance
    await sendTestPing(server.deps, ctx, mine.endpoint.id);
    await worker.drain();

    const got = receivedAt(mine.path);
    assert.equal(receivedAt(theirs.path).length, 0, "another account's endpoint gets nothing");
    assert.deepEqual(typesAt(mine.path), [
      'agent.created',
      'agent.updated',
      'chat.completed',
      'chat.failed',
      'source.added',
      'source.deleted',
      'agent.deleted',
      'credits.low',
      'ping',
    ]);
    for (const delivery of got) {
      assert.ok(delivery.verified, `${delivery.envelope.type} verifies with standardwebhooks`);
      assert.deepEqual(Object.keys(delivery.envelope).sort(), ['created', 'data', 'id', 'type']);
      assert.equal(delivery.webhookId, delivery.envelope.id);
      assert.match(delivery.envelope.id, /^evt_/);
      assert.equal(delivery.envelope.created, new Date(clock.now()).toISOString());
      assert.equal(delivery.timestamp, Math.floor(clock.now() / 1000));
      assert.equal(delivery.headers['content-type'], 'application/json');
    }
    const data = Object.fromEntries(got.map((d) => [d.envelope.type, d.envelope.data]));
    assert.deepEqual(data['agent.created'], { agent: { id: agent.id, name: 'Helper' } });
    assert.deepEqual(data['agent.updated'], { agent: { id: agent.id, name: 'Helper 2' } });
    assert.deepEqual(data['agent.deleted'], { agent: { id: agent.id, name: 'Helper 2' } });
    assert.deepEqual(data['chat.completed'], chat);
    assert.deepEqual(data['chat.failed'], { ...chat, credits: 0 });
    assert.deepEqual(data['source.added'], { agent: { id: agent.id, name: 'Helper 2' }, source: 'FAQ' });
    assert.deepEqual(data['source.deleted'], { agent: { id: agent.id, name: 'Helper 2' }, source: 'FAQ' });
    assert.deepEqual(data['credits.low'], { credits: 15, threshold: 20 });
    assert.deepEqual(data.ping, { message: PING_MESSAGE });
  });

  test('subscriptions filter; ping is sent whatever the subscription', async () => {
    const { ctx } = await server.seedAccount();
    const narrow = await endpointFor(ctx, ['agent.deleted', 'source.added']);
    const agent = await server.seedAgent(ctx);
    await deleteAgent(server.deps, ctx, agent.id);
    await sendTestPing(server.deps, ctx, narrow.endpoint.id);
    await worker.drain();
    assert.deepEqual(typesAt(narrow.path), ['agent.deleted', 'ping']);
    assert.deepEqual(narrow.endpoint.eventTypes, ['agent.deleted', 'source.added']);
  });

  test("a teammate's change reaches the owning account's endpoints", async () => {
    const owner = await server.seedAccount();
    const teammatesOwn = await server.seedAccount();
    await addMember(server.deps, owner.account.id, 'owner@example.com', 'owner');
    await addMember(server.deps, owner.account.id, 'mate@example.com', 'teammate');
    await addMember(server.deps, teammatesOwn.account.id, 'mate@example.com', 'owner');
    const ownerHook = await endpointFor(owner.ctx);
    const mateHook = await endpointFor(teammatesOwn.ctx);
    const agent = await server.seedAgent(owner.ctx);
    // The teammate acts on the owner's agent: the context is the account that owns it.
    const teammateCtx = { ...operatorContext(owner.account.id, owner.account.plan), requestId: 'console-mate' };
    await updateAgent(server.deps, teammateCtx, agent.id, { name: 'Renamed by mate' });
    await worker.drain();
    assert.deepEqual(typesAt(ownerHook.path), ['agent.created', 'agent.updated']);
    assert.equal(receivedAt(mateHook.path).length, 0);
  });

  test('failures retry on the schedule with the same webhook-id, then stop; the log shows every attempt', async () => {
    const { ctx } = await server.seedAccount();
    const hook = await endpointFor(ctx);
    receiver.respond(500);
    await sendTestPing(server.deps, ctx, hook.endpoint.id);
    const start = clock.now();
    await worker.drain();
    const expectedWaits = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
    for (const wait of expectedWaits) {
      const before = receivedAt(hook.path).length;
      clock.advance(wait - 1);
      await worker.drain();
      assert.equal(receivedAt(hook.path).length, before, `nothing before the ${wait} ms wait is over`);
      clock.advance(1);
      await worker.drain();
      assert.equal(receivedAt(hook.path).length, before + 1, `retried after ${wait} ms`);
    }
    clock.advance(100 * 3_600_000);
    await worker.drain();
    const got = receivedAt(hook.path);
    assert.equal(got.length, 8, 'eight attempts in all');
    assert.equal(new Set(got.map((d) => d.webhookId)).size, 1, 'one webhook-id on every retry');
    assert.ok(got.every((d) => d.verified));
    assert.equal(
      got.at(-1)?.timestamp,
      Math.floor((start + expectedWaits.reduce((a, b) => a + b)) / 1000),
      'each attempt is signed at its own time',
    );

    const log = await listDeliveries(server.deps, ctx, hook.endpoint.id, { page: 1, size: 20 });
    assert.equal(log.total, 1);
    const delivery = log.items[0]!;
    assert.equal(delivery.status, 'failed');
    assert.equal(delivery.attempts, 8);
    assert.equal(delivery.nextAttemptAt, null);
    assert.equal(delivery.lastStatusCode, 500);
    assert.deepEqual(
      delivery.log?.map((a) => [a.attempt, a.statusCode]),
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, 500]),
    );
    assert.ok(delivery.log?.every((a) => typeof a.latencyMs === 'number' && a.latencyMs >= 0));

    // Redelivery of a failed delivery: one more attempt, same id, and it succeeds.
    receiver.respond(200);
    await redeliver(server.deps, ctx, delivery.id);
    await worker.drain();
    assert.equal(receivedAt(hook.path).length, 9);
    assert.equal(receivedAt(hook.path).at(-1)?.webhookId, got[0]?.webhookId);
    const after = (await listDeliveries(server.deps, ctx, hook.endpoint.id, { page: 1, size: 20 })).items[0]!;
    assert.deepEqual([after.status, after.attempts, after.lastStatusCode], ['succeeded', 9, 200]);

    assert.equal(typeof after.deliveredAt, 'string');

    // Redelivery of a delivered one sends it once more too (the receiver may have lost it): pending
    // again, and not shown as delivered until it is.
    const resent = toDeliveryView(await redeliver(server.deps, ctx, delivery.id));
    assert.deepEqual([resent.status, resent.deliveredAt], ['pending', null]);
    await worker.drain();
    assert.equal(receivedAt(hook.path).length, 10);
    const redelivered = (await listDeliveries(server.deps, ctx, hook.endpoint.id, { page: 1, size: 20 })).items[0]!;
    assert.equal(redelivered.status, 'succeeded');
    assert.equal(typeof redelivered.deliveredAt, 'string', 'delivered again');
  });

  test('a pending delivery redelivered skips its wait', async () => {
    const { ctx } = await server.seedAccount();
    const hook = await endpointFor(ctx);
    receiver.respond(503);
    const queued = await sendTestPing(server.deps, ctx, hook.endpoint.id);
    await worker.drain();
    receiver.respond(204);
    await redeliver(server.deps, ctx, queued.id);
    await worker.drain();
    const delivery = (await listDeliveries(server.deps, ctx, hook.endpoint.id, { page: 1, size: 5 })).items[0]!;
    assert.deepEqual([delivery.status, delivery.attempts, receivedAt(hook.path).length], ['succeeded', 2, 2]);
  });

  test('410 Gone disables the endpoint; it receives nothing more until enabled again', async () => {
    const { ctx } = await server.seedAccount();
    const hook = await endpointFor(ctx);
    receiver.respond(410);
    await server.seedAgent(ctx);
    await worker.drain();
    const disabled = await getEndpoint(server.deps, ctx, hook.endpoint.id);
    assert.deepEqual([disabled.enabled, disabled.disabledReason], [false, 'gone']);
    const log = (await listDeliveries(server.deps, ctx, hook.endpoint.id, { page: 1, size: 5 })).items;
    assert.deepEqual(
      log.map((d) => [d.status, d.attempts, d.lastStatusCode]),
      [['failed', 1, 410]],
    );

    receiver.respond(200);
    await server.seedAgent(ctx, 'Second');
    clock.advance(60_000);
    await worker.drain();
    assert.equal(receivedAt(hook.path).length, 1, 'no event goes to a disabled endpoint');

    const ping = await sendTestPing(server.deps, ctx, hook.endpoint.id);
    await worker.drain();
    assert.equal(receivedAt(hook.path).length, 1, 'a ping to a disabled endpoint waits');
    await updateEndpoint(server.deps, ctx, hook.endpoint.id, { enabled: true });
    await worker.drain();
    assert.deepEqual(
      receivedAt(hook.path)
        .map((d) => d.webhookId)
        .at(-1),
      ping.eventId,
    );
  });

  test('a redirect is not followed, and counts as a failure', async () => {
    const { ctx } = await server.seedAccount();
    const hook = await endpointFor(ctx);
    receiver.respond(302);
    await sendTestPing(server.deps, ctx, hook.endpoint.id);
    await worker.drain();
    const delivery = (await listDeliveries(server.deps, ctx, hook.endpoint.id, { page: 1, size: 5 })).items[0]!;
    assert.deepEqual([delivery.status, delivery.lastStatusCode], ['pending', 302]);
    assert.match(delivery.lastError ?? '', /not followed/);
  });

  test('credits.low: once per refill cycle, in the transaction of the charge that crossed', async () => {
    const { ctx, account } = await server.seedAccount('free', 100);
    const lows = async () =>
      (await server.deps.store.events.list(account.id, { page: 1, size: 100 })).items
        .filter((e) => e.type === 'credits.low')
        .reverse();
    await charge(ctx, 50);
    await charge(ctx, 30); // 20 left: not below 20
    assert.equal((await lows()).length, 0);
    await charge(ctx, 1); // 19
    await charge(ctx, 5); // 14
    await charge(ctx, 14); // 0
    assert.deepEqual(
      (await lows()).map((e) => e.data),
      [{ credits: 19, threshold: 20 }],
    );

    await addCredits(server.deps, account.id, 50); // refill: threshold now 10
    await charge(ctx, 35); // 15
    assert.equal((await lows()).length, 1);
    await charge(ctx, 6); // 9
    await charge(ctx, 1);
    assert.deepEqual(
      (await lows()).map((e) => e.data),
      [
        { credits: 19, threshold: 20 },
        { credits: 9, threshold: 10 },
      ],
    );

    // A charge that is refused records nothing; concurrent crossings record one alert.
    await addCredits(server.deps, account.id, 100); // 8 → 108, threshold 20
    await Promise.allSettled(Array.from({ length: 20 }, () => charge(ctx, 5)));
    const after = await lows();
    assert.equal(after.length, 3, 'one alert for the third refill');
    assert.deepEqual(after[2]?.data, { credits: 18, threshold: 20 });
  });

  test('URLs pass the SSRF rules at creation, and again at every delivery', async () => {
    const { ctx } = await server.seedAccount();
    const strict = {
      ...server.deps,
      targetCheck: createTargetCheck(outboundAddressPolicy({ allowPrivateAddresses: false, allowedAddresses: [] })),
    };
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://10.1.2.3/',
      'ftp://example.com/',
      'http://user:pw@example.com/',
    ]) {
      await assert.rejects(
        createEndpoint(strict, ctx, { url }),
        (e: AppError) => e.code === 'INVALID_BODY' && /url/.test(JSON.stringify(e.details.list)),
        url,
      );
    }
    // The refusal names the setting that would allow it.
    const refused = await createEndpoint(strict, ctx, { url: 'http://127.0.0.1:8080/hook' }).catch(
      (error: AppError) => error,
    );
    assert.match(
      JSON.stringify((refused as AppError).details.list),
      /127\.0\.0\.1 is not a public address; .*network\.allowPrivateAddresses.*network\.allowedAddresses/,
    );
    const excepted = {
      ...server.deps,
      targetCheck: createTargetCheck(
        outboundAddressPolicy({ allowPrivateAddresses: false, allowedAddresses: ['127.0.0.0/8'] }),
      ),
    };
    const hook = await createEndpoint(excepted, ctx, { url: receiver.url('/excepted') });
    assert.equal(hook.endpoint.url, receiver.url('/excepted'), 'an operator exception lets a private address through');

    // A worker whose policy refuses loopback does not send, whatever the endpoint row says.
    const guarded = createWebhookWorker(
      { ...server.config, network: { allowPrivateAddresses: false, allowedAddresses: [] } },
      server.deps,
      undefined,
      () => 0.5,
    );
    try {
      const before = receiver.received.length;
      await sendTestPing(server.deps, ctx, hook.endpoint.id);
      await guarded.drain();
      assert.equal(receiver.received.length, before);
      const delivery = (await listDeliveries(server.deps, ctx, hook.endpoint.id, { page: 1, size: 5 })).items[0]!;
      assert.deepEqual([delivery.status, delivery.lastStatusCode], ['pending', null]);
      assert.match(delivery.lastError ?? '', /^blocked-address/);
    } finally {
      await guarded.stop();
    }
  });

  test('a slow receiver does not hold back another endpoint', async () => {
    const { ctx } = await server.seedAccount();
    const slow = await endpointFor(ctx, ['agent.updated']);
    const fast = await endpointFor(ctx, ['agent.deleted']);
    let release = () => {};
    const released = new Promise<number>((resolve) => (release = () => resolve(200)));
    receiver.respond((d) => (d.path === slow.path ? released : 204));
    const agent = await server.seedAgent(ctx);
    for (let i = 0; i < 12; i++) await updateAgent(server.deps, ctx, agent.id, { name: `Name ${i}` });
    await deleteAgent(server.deps, ctx, agent.id);
    // Two slots per endpoint, four in all: the slow endpoint's backlog takes two, never all four.
    const looping = createWebhookWorker(
      {
        ...server.config,
        webhooks: { ...server.config.webhooks, pollIntervalMs: 20, concurrency: 4, perEndpointConcurrency: 2 },
      },
      server.deps,
    );
    looping.start();
    try {
      // The slow answers are held until `release()`: without per-endpoint shares, the slow backlog
      // would take all four slots and the fast endpoint would wait for the release.
      const started = Date.now();
      while (receivedAt(fast.path).length === 0 && Date.now() - started < 10_000)
        await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(receivedAt(fast.path).length, 1, 'the fast endpoint got its event while the slow one was stuck');
      assert.ok(receivedAt(slow.path).length <= 2, 'the slow endpoint has at most its two slots in flight');
    } finally {
      release();
      await looping.stop();
    }
  });

  test('the worker started in a loop delivers without being driven, and stops cleanly', async () => {
    const { ctx } = await server.seedAccount();
    const hook = await endpointFor(ctx);
    const looping = createWebhookWorker(
      { ...server.config, webhooks: { ...server.config.webhooks, pollIntervalMs: 20 } },
      server.deps,
    );
    looping.start();
    try {
      const before = receiver.received.length;
      await sendTestPing(server.deps, ctx, hook.endpoint.id);
      await receiver.waitFor(before + 1, 5_000);
    } finally {
      await looping.stop();
    }
  });
});
