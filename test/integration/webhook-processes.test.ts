// Over 300 lines: real server processes, started once and shared by the cases.
// Webhook delivery by real server processes: the operator CLI, a kill -9 in the middle of a burst,
// and two processes sharing one PostgreSQL. The receiver verifies each delivery with the
// `standardwebhooks` library, time check included.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { createDomainDeps } from '../../src/compose.ts';
import { recordEvent } from '../../src/domain/events/record-event.ts';
import {
  createPostgresDatabase,
  createTestDatabase,
  postgresAdminUrl,
  TEST_BACKEND,
  type TestDatabase,
} from '../support/backend.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/processes.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';

const CONFIG = {
  network: { allowPrivateAddresses: true },
  webhooks: { timeoutMs: 1_000, leaseMs: 1_500, pollIntervalMs: 20 },
};

function writeConfig(dataDir: string, extra: object = {}): string {
  const path = join(dataDir, 'webhooks-config.json');
  writeFileSync(path, JSON.stringify({ ...CONFIG, ...extra }));
  return path;
}

/** Records `count` events for the account from this (test) process, in transactions of `batch`. */
async function burst(
  env: Record<string, string | undefined>,
  accountId: string,
  count: number,
  batch: number,
  onBatch?: (done: number) => Promise<void>,
): Promise<string[]> {
  const deps = await createDomainDeps(loadConfig(env));
  const ids: string[] = [];
  try {
    for (let done = 0; done < count; done += batch) {
      await deps.store.transaction(async (tx) => {
        for (let i = done; i < Math.min(count, done + batch); i++) {
          ids.push(
            (await recordEvent(tx, deps, accountId, 'agent.updated', { agent: { id: `agt_${i}`, name: `Agent ${i}` } }))
              .id,
          );
        }
      });
      await onBatch?.(Math.min(count, done + batch));
    }
  } finally {
    await deps.store.close();
  }
  return ids;
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function accountWithEndpoint(
  env: Record<string, string | undefined>,
  receiver: Receiver,
  secrets: Map<string, string>,
  path: string,
) {
  const account = await runCli(['accounts', 'create', '--name', 'Hooks'], env);
  assert.equal(account.code, 0, account.stderr);
  const endpoint = await runCli(['webhooks', 'create', '--account', account.json.id, '--url', receiver.url(path)], env);
  assert.equal(endpoint.code, 0, endpoint.stderr);
  secrets.set(path, endpoint.json.secret);
  return { accountId: account.json.id as string, endpointId: endpoint.json.id as string };
}

describe(`webhook delivery by server processes (${TEST_BACKEND})`, () => {
  let database: TestDatabase;
  let env: Record<string, string | undefined>;
  const secrets = new Map<string, string>();
  let receiver: Receiver;

  before(async () => {
    database = await createTestDatabase();
    env = { ...database.env, COLLOQUY_CONFIG: writeConfig(database.env.DATA_DIR) };
    receiver = await startReceiver(secrets);
  });
  after(async () => {
    await receiver.close();
    await database.drop();
  });

  test('the CLI manages endpoints, queues a ping the server sends, reads the log and redelivers', async () => {
    const server = await startServerProcess(env);
    try {
      const { endpointId } = await accountWithEndpoint(env, receiver, secrets, '/cli');
      const cli = (...args: string[]) => runCli(args, env);
      assert.equal(
        (await cli('webhooks', 'create', '--account', 'acc_x', '--url', 'http://127.0.0.1:1/', '--bogus', 'x')).code,
        2,
        'unknown option: usage',
      );
      assert.equal((await cli('webhooks', 'test')).code, 2, 'missing id: usage');
      const missing = await cli('webhooks', 'test', 'whk_missing');
      assert.deepEqual([missing.code, /NOT_FOUND/.test(missing.stderr)], [1, true]);

      const ping = await cli('webhooks', 'test', endpointId);
      assert.equal(ping.code, 0, ping.stderr);
      assert.equal(ping.json.eventType, 'ping');
      await receiver.waitFor(1, 10_000);
      const first = receiver.received.find((d) => d.path === '/cli');
      assert.ok(first?.verified, 'verified by standardwebhooks, timestamp included');
      assert.equal(first?.webhookId, ping.json.eventId);

      let log = await cli('webhooks', 'deliveries', endpointId);
      for (let i = 0; i < 40 && log.json.deliveries[0].status !== 'succeeded'; i++)
        log = await cli('webhooks', 'deliveries', endpointId);
      assert.equal(log.json.pagination.totalPages, 1);
      assert.equal(log.json.deliveries.length, 1);
      assert.deepEqual(
        [log.json.deliveries[0].status, log.json.deliveries[0].lastStatusCode, log.json.deliveries[0].log.length],
        ['succeeded', 200, 1],
      );

      const again = await cli('webhooks', 'redeliver', ping.json.id);
      assert.equal(again.code, 0, again.stderr);
      await waitUntil(
        () => receiver.received.filter((d) => d.path === '/cli').length === 2,
        10_000,
        () => 'redelivery',
      );
      assert.equal(
        receiver.received.filter((d) => d.path === '/cli')[1]?.webhookId,
        ping.json.eventId,
        'the same webhook-id',
      );

      const disabled = await cli('webhooks', 'disable', endpointId);
      assert.deepEqual([disabled.json.enabled, disabled.json.disabledReason], [false, 'operator']);
      const enabled = await cli('webhooks', 'enable', endpointId);
      assert.equal(enabled.json.enabled, true);
      const listed = await cli('webhooks', 'list', '--account', enabled.json.accountId);
      assert.deepEqual(
        listed.json.endpoints.map((e: { id: string }) => e.id),
        [endpointId],
      );
      assert.equal('secret' in listed.json.endpoints[0], false, 'the secret is shown once, at creation');
      assert.deepEqual((await cli('webhooks', 'delete', endpointId)).json, { id: endpointId, deleted: true });
      assert.equal((await cli('webhooks', 'delete', endpointId)).code, 1);

      // users create: a console sign-in the running server accepts at once.
      const passwordFile = join(database.env.DATA_DIR, 'password.txt');
      writeFileSync(passwordFile, 'short\n');
      assert.equal(
        (await cli('users', 'create', '--account', enabled.json.accountId, '--email', 'op@example.com')).code,
        2,
        'no password file',
      );
      assert.equal(
        (
          await cli(
            'users',
            'create',
            '--account',
            enabled.json.accountId,
            '--email',
            'op@example.com',
            '--password-file',
            passwordFile,
          )
        ).code,
        1,
        'too short',
      );
      writeFileSync(passwordFile, 'operator password 1\n');
      const user = await cli(
        'users',
        'create',
        '--account',
        enabled.json.accountId,
        '--email',
        'Op@Example.com',
        '--password-file',
        passwordFile,
      );
      assert.equal(user.code, 0, user.stderr);
      assert.deepEqual([user.json.email, user.json.role], ['op@example.com', 'owner']);
      const signIn = await fetch(`${server.baseUrl}/api/admin/v1/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'op@example.com', password: 'operator password 1' }),
      });
      assert.equal(signIn.status, 200);
    } finally {
      await server.stop();
    }
  });

  test('kill -9 during a burst: after a restart every event arrives, each under one webhook-id', async (t) => {
    const { accountId } = await accountWithEndpoint(env, receiver, secrets, '/crash');
    const at = () => receiver.received.filter((d) => d.path === '/crash');
    receiver.respond(200, 15);
    const servers: ServerProcess[] = [await startServerProcess(env)];
    try {
      let killedAt = 0;
      let inFlightAtKill = '';
      const ids = await burst(env, accountId, 300, 10, async (done) => {
        // A third of the way in, with deliveries flowing, kill the server without warning; the
        // burst goes on while it is down.
        if (done !== 100) return;
        await waitUntil(
          () => at().length >= 40,
          10_000,
          () => `${at().length} deliveries before the kill`,
        );
        // Hold the answers so that an attempt is surely in flight (received, unanswered) at the kill.
        receiver.respond(200, 500);
        const seen = at().length;
        await waitUntil(
          () => at().length > seen,
          10_000,
          () => 'an attempt in flight',
        );
        inFlightAtKill = at().at(-1)!.webhookId;
        await servers[0]!.stop('SIGKILL');
        receiver.respond(200, 15);
        killedAt = done;
      });
      assert.equal(killedAt, 100);
      const beforeRestart = at().length;
      servers.push(await startServerProcess(env));
      const distinct = () => new Set(at().map((d) => d.webhookId));
      const resent = () => at().filter((d) => d.webhookId === inFlightAtKill).length >= 2;
      await waitUntil(
        () => ids.every((id) => distinct().has(id)) && resent(),
        30_000,
        () => `${distinct().size} of ${ids.length} events arrived; resent: ${resent()}`,
      );
      assert.ok(at().length > beforeRestart, 'the restarted server delivered the rest');
      // The wait above required it: the attempt cut short by the kill was sent again (lease expiry).
      for (const delivery of at()) {
        assert.ok(delivery.verified);
        assert.equal(delivery.webhookId, delivery.envelope.id, 'one webhook-id per event, on every copy');
      }
      assert.equal(distinct().size, ids.length, 'no delivery for an event that was not recorded');
      t.diagnostic(
        `crash: ${at().length} deliveries for ${ids.length} events (${at().length - ids.length} sent again after the kill)`,
      );
    } finally {
      receiver.respond(200);
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
});

const adminUrl = postgresAdminUrl();
// Its own PostgreSQL database whatever the suite's backend: the same test on every pass, so it runs
// in the PostgreSQL pass only.
const pairSkip =
  TEST_BACKEND !== 'postgres'
    ? 'the same on every pass: runs in the PostgreSQL pass'
    : adminUrl
      ? false
      : 'no TEST_DATABASE_URL: PostgreSQL not available here';

describe('two server processes on one PostgreSQL', { skip: pairSkip }, () => {
  test('deliver a burst of 1,000 events: each attempt sent once', async (t) => {
    const pg = await createPostgresDatabase(adminUrl as string);
    const single = await createTestDatabase();
    const env = {
      DATA_DIR: single.env.DATA_DIR,
      DATABASE_URL: pg.url,
      // One process per node: webhooks are sent by one process of a node only (its slot 0), so a
      // cluster's further HTTP workers would add start-up time on a 2-core machine and no sender.
      COLLOQUY_CONFIG: writeConfig(single.env.DATA_DIR, { server: { workers: 1 } }),
    };
    const secrets = new Map<string, string>();
    const receiver = await startReceiver(secrets);
    const servers: ServerProcess[] = [];
    try {
      const { accountId } = await accountWithEndpoint(env, receiver, secrets, '/pair');
      servers.push(await startServerProcess(env), await startServerProcess(env));
      const started = Date.now();
      const ids = await burst(env, accountId, 1_000, 50);
      await receiver.waitFor(1_000, 30_000);
      const seconds = (Date.now() - started) / 1000;
      // Give a second sender the time it would need to repeat anything.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const counts = new Map<string, number>();
      for (const d of receiver.received) counts.set(d.webhookId, (counts.get(d.webhookId) ?? 0) + 1);
      assert.equal(receiver.received.length, 1_000, 'exactly one delivery per event');
      assert.deepEqual([...counts.keys()].sort(), [...ids].sort());
      assert.ok(receiver.received.every((d) => d.verified));
      t.diagnostic(`two processes: 1,000 deliveries in ${seconds.toFixed(1)} s`);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await receiver.close();
      await pg.drop();
      await single.drop();
    }
  });
});
