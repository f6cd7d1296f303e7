// Monthly allowance renewal on the suite's backend, with a clock moved by hand: raising the
// balance to the allowance, keeping credits above it, re-arming credits.low, plans without an
// allowance, missed months, exactly-once across workers, and accounts made before migration 0006.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { createTestDatabase, TEST_BACKEND } from '../support/backend.ts';
import { ledger, migrateUpTo, openRawDatabase } from '../support/raw-database.ts';
import { loadConfig } from '../../src/config.ts';
import { closeDomainDeps, createAllowanceWorker, createDomainDeps, openStore } from '../../src/compose.ts';
import { createRenewalWorker } from '../../src/workers/renewal-worker.ts';
import { createUlidIds } from '../../src/providers/ids/ulid-ids.ts';
import { createAccount } from '../../src/domain/accounts/create-account.ts';
import { addCredits } from '../../src/domain/credits/add-credits.ts';
import { chargeCredits } from '../../src/domain/credits/charge.ts';
import { monthlyAnniversary } from '../../src/domain/credits/anniversary.ts';
import { operatorContext } from '../../src/domain/context.ts';
import type { DomainDeps } from '../../src/domain/context.ts';
import type { Database } from '../../src/storage/kysely/schema/database.ts';

const T0 = Date.parse('2026-11-01T12:00:00.000Z');
const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

describe(`monthly allowance renewal (${TEST_BACKEND})`, () => {
  const clock = createTestClock(T0);
  let server: TestServer;
  let raw: Kysely<Database>;
  const worker = () => createAllowanceWorker(server.config, server.deps);

  before(async () => {
    // The free plan has no allowance here, to see that such a plan renews nothing.
    server = await startTestServer({ clock, configFile: { plans: { free: { monthlyCredits: 0 } } } });
    raw = openRawDatabase(server.database.env);
  });
  after(async () => {
    await raw.destroy();
    await server.close();
  });

  const spend = (deps: DomainDeps, accountId: string, credits: number) =>
    deps.store.transaction((tx) =>
      chargeCredits(tx, deps, operatorContext(accountId, 'starter'), { credits, agentId: null, description: 'test' }),
    );
  const lowAlerts = async (accountId: string) =>
    (await server.deps.store.events.list(accountId, { page: 1, size: 100 })).items.filter(
      (e) => e.type === 'credits.low',
    );

  test('a new account is scheduled for its first anniversary', async () => {
    clock.set(Date.parse('2027-01-31T11:00:00.000Z'));
    const account = await createAccount(server.deps, { name: 'Month end', plan: 'starter' });
    assert.equal(iso(account.nextAllowanceAt), '2027-02-28T11:00:00.000Z');
  });

  test('below the allowance: raised to it, one entry of what was added, and it is the last refill', async () => {
    clock.set(Date.parse('2027-01-31T10:00:00.000Z'));
    const { account } = await server.seedAccount('starter');
    const key = await server.seedKey(account.id);
    await spend(server.deps, account.id, 1_700);

    clock.set(Date.parse('2027-02-28T09:59:59.999Z'));
    assert.equal((await worker().runOnce()).renewed, 0, 'not due a millisecond early');
    clock.set(Date.parse('2027-02-28T10:00:00.000Z'));
    const round = await worker().runOnce();
    assert.equal(round.renewed, 1);
    assert.deepEqual(round.failed, []);

    const after = await server.deps.store.accounts.get(account.id);
    assert.equal(after?.creditBalance, 2_000_000);
    assert.equal(after?.lastRefillAmount, 2_000_000);
    assert.equal(iso(after?.lastRefillAt), '2027-02-28T10:00:00.000Z');
    assert.equal(iso(after?.nextAllowanceAt), '2027-03-31T10:00:00.000Z', 'from the anchor, not from Feb 28');
    const entries = await ledger(raw, account.id);
    assert.deepEqual(
      entries.map((e) => [e.kind, Number(e.amount), Number(e.balance_after), e.description]),
      [
        ['allowance', 2_000_000, 2_000_000, 'starter plan allowance'],
        ['charge', -1_700_000, 300_000, 'test'],
        ['allowance', 1_700_000, 2_000_000, 'monthly allowance (starter plan)'],
      ],
    );
    const usage = await server.call('GET', '/usage', { key });
    assert.equal(usage.status, 200);
    assert.deepEqual(usage.body.balance, {
      credits: 2_000,
      lastRefill: { credits: 2_000, at: '2027-02-28T10:00:00.000Z' },
    });

    clock.set(Date.parse('2027-03-15T00:00:00.000Z'));
    await worker().runOnce();
    assert.equal((await ledger(raw, account.id)).length, 3, 'once per anniversary');
  });

  test('above the allowance: nothing taken away, an entry of 0, the refill is the allowance', async () => {
    clock.set(T0);
    const { account } = await server.seedAccount('starter');
    await addCredits(server.deps, account.id, 5_000);
    assert.equal((await server.deps.store.accounts.get(account.id))?.lastRefillAmount, 5_000_000);

    clock.set(monthlyAnniversary(T0, 1));
    assert.equal((await worker().runOnce()).renewed, 1);
    const after = await server.deps.store.accounts.get(account.id);
    assert.equal(after?.creditBalance, 7_000_000);
    assert.equal(after?.lastRefillAmount, 2_000_000);
    const last = (await ledger(raw, account.id)).at(-1);
    assert.deepEqual([last?.kind, Number(last?.amount), Number(last?.balance_after)], ['allowance', 0, 7_000_000]);
  });

  test('credits.low fires once per refill, and again after a renewal once below 20 % of the allowance', async () => {
    clock.set(T0);
    const { account } = await server.seedAccount('starter');
    await spend(server.deps, account.id, 1_601);
    await spend(server.deps, account.id, 100);
    assert.equal((await lowAlerts(account.id)).length, 1);

    clock.set(monthlyAnniversary(T0, 1));
    await worker().runOnce();
    await spend(server.deps, account.id, 1_600);
    assert.equal((await lowAlerts(account.id)).length, 1, '400 left: not below 20 % of 2,000');
    await spend(server.deps, account.id, 1);
    const alerts = await lowAlerts(account.id);
    assert.equal(alerts.length, 2, 're-armed by the renewal');
    assert.deepEqual(
      alerts.map((e) => e.data).find((d) => d.credits === 399),
      { credits: 399, threshold: 400 },
    );
  });

  test('a plan whose allowance is 0 renews nothing, and is scheduled on', async () => {
    clock.set(T0);
    const { account } = await server.seedAccount('free');
    assert.deepEqual(await ledger(raw, account.id), []);
    clock.set(monthlyAnniversary(T0, 1));
    const round = await worker().runOnce();
    assert.equal(round.renewed, 0);
    assert.ok(round.scheduled >= 1);
    assert.deepEqual(await ledger(raw, account.id), []);
    const after = await server.deps.store.accounts.get(account.id);
    assert.equal(after?.creditBalance, 0);
    assert.equal(after?.nextAllowanceAt, monthlyAnniversary(T0, 2));
  });

  test('missed months renew once, then the next anniversary still ahead', async () => {
    clock.set(T0);
    const { account } = await server.seedAccount('pro');
    await spend(server.deps, account.id, 9_000);
    clock.set(Date.parse('2027-02-10T00:00:00.000Z')); // Dec 1, Jan 1 and Feb 1 went by
    assert.ok((await worker().runOnce()).renewed >= 1);
    const entries = (await ledger(raw, account.id)).filter((e) => e.description?.startsWith('monthly'));
    assert.deepEqual(
      entries.map((e) => Number(e.amount)),
      [9_000_000],
    );
    assert.equal(iso((await server.deps.store.accounts.get(account.id))?.nextAllowanceAt), '2027-03-01T12:00:00.000Z');
  });

  test('two workers on one database, racing, renew each due account exactly once', async () => {
    clock.set(Date.parse('2030-01-01T00:00:00.000Z'));
    await worker().runOnce(); // whatever earlier tests left due
    clock.set(T0);
    const accounts = await Promise.all(
      Array.from({ length: 25 }, () => server.seedAccount('starter').then((s) => s.account.id)),
    );
    for (const id of accounts) await spend(server.deps, id, 500);
    clock.set(monthlyAnniversary(T0, 1));

    // PostgreSQL: a second process's worth of dependencies (its own pool). SQLite: one process
    // holds one connection, so the race is rounds interleaving on it (processes: see the CLI test).
    const other = TEST_BACKEND === 'postgres' ? await createDomainDeps(server.config, { clock }) : server.deps;
    try {
      const workers = [
        worker(),
        createAllowanceWorker(server.config, other),
        worker(),
        createAllowanceWorker(server.config, other),
      ];
      const rounds = await Promise.all(workers.map((w) => w.runOnce()));
      assert.equal(
        rounds.reduce((sum, r) => sum + r.renewed, 0),
        accounts.length,
      );
      assert.deepEqual(
        rounds.flatMap((r) => r.failed),
        [],
      );
    } finally {
      if (other !== server.deps) await closeDomainDeps(other);
    }
    for (const id of accounts) {
      const renewals = (await ledger(raw, id)).filter((e) => e.description === 'monthly allowance (starter plan)');
      assert.deepEqual(
        renewals.map((e) => Number(e.amount)),
        [500_000],
        id,
      );
      assert.equal((await server.deps.store.accounts.get(id))?.creditBalance, 2_000_000);
    }
  });

  test('the worker runs rounds on its interval and stops', async () => {
    clock.set(T0);
    const { account } = await server.seedAccount('starter');
    await spend(server.deps, account.id, 1_000);
    clock.set(monthlyAnniversary(T0, 1));
    const running = createAllowanceWorker(
      { ...server.config, credits: { renewals: true, renewalIntervalMs: 20 } },
      server.deps,
    );
    running.start();
    try {
      for (let i = 0; i < 100 && (await server.deps.store.accounts.get(account.id))?.creditBalance !== 2_000_000; i++)
        await new Promise((r) => setTimeout(r, 20));
    } finally {
      await running.stop();
    }
    assert.equal((await server.deps.store.accounts.get(account.id))?.creditBalance, 2_000_000);
  });
});

describe(`allowance renewal after migration 0006 (${TEST_BACKEND})`, () => {
  test('accounts made before it are scheduled on first sight, for their next anniversary, without a grant', async () => {
    const database = await createTestDatabase();
    const old = openRawDatabase(database.env);
    const createdAt = Date.parse('2026-01-31T08:00:00.000Z');
    try {
      await migrateUpTo(old, database.env, '0005_chat');
      await old
        .insertInto('accounts')
        .values({
          id: 'acc_old',
          name: 'Old',
          plan: 'starter',
          credit_balance: 100_000,
          last_refill_amount: 2_000_000,
          last_refill_at: createdAt,
          created_at: createdAt,
        } as never)
        .execute();
    } finally {
      await old.destroy();
    }

    const clock = createTestClock(Date.parse('2026-04-10T00:00:00.000Z'));
    const config = loadConfig({ ...database.env });
    const store = await openStore(config); // applies 0006
    try {
      assert.equal((await store.accounts.get('acc_old'))?.nextAllowanceAt, null);
      const worker = createRenewalWorker(
        { store, clock, ids: createUlidIds(), catalog: config.catalog },
        config.credits,
      );
      assert.deepEqual(await worker.runOnce(), { renewed: 0, scheduled: 1, failed: [] });
      const scheduled = await store.accounts.get('acc_old');
      assert.equal(iso(scheduled?.nextAllowanceAt), '2026-04-30T08:00:00.000Z');
      assert.equal(scheduled?.creditBalance, 100_000);

      clock.set(Date.parse('2026-04-30T08:00:00.000Z'));
      assert.deepEqual(await worker.runOnce(), { renewed: 1, scheduled: 0, failed: [] });
      const renewed = await store.accounts.get('acc_old');
      assert.equal(renewed?.creditBalance, 2_000_000);
      assert.equal(iso(renewed?.nextAllowanceAt), '2026-05-31T08:00:00.000Z');
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
