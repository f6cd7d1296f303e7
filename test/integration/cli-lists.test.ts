// The CLI's lists page as the admin API's do: `--page`, `--size` (1 to 100), and the API's
// `pagination` object beside the items.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { runCli } from '../support/processes.ts';

describe('operator CLI lists', () => {
  let database: TestDatabase;
  let config: string;
  const cli = (...args: string[]) => runCli(args, { ...database.env, COLLOQUY_CONFIG: config });

  before(async () => {
    database = await createTestDatabase();
    // A webhook to loopback (never sent: no server runs) needs the local-development policy.
    config = join(database.env.DATA_DIR, 'config.json');
    writeFileSync(config, JSON.stringify({ network: { allowPrivateAddresses: true } }));
  });
  after(async () => {
    await database.drop();
  });

  test('keys list pages: --page and --size, with the API’s pagination object', async () => {
    const account = await cli('accounts', 'create', '--name', 'Paged');
    assert.equal(account.code, 0, account.stderr);
    const made: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const key = await cli('keys', 'create', '--account', account.json.id, '--name', name);
      assert.equal(key.code, 0, key.stderr);
      made.push(key.json.id);
    }
    const first = await cli('keys', 'list', '--account', account.json.id, '--size', '2');
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(
      first.json.keys.map((key: { name: string }) => key.name),
      ['three', 'two'],
    );
    assert.deepEqual(first.json.pagination, { totalPages: 2, currentPage: 1, pagingCounter: 1, hasNextPage: true });
    const second = await cli('keys', 'list', '--account', account.json.id, '--size', '2', '--page', '2');
    assert.deepEqual(
      second.json.keys.map((key: { id: string }) => key.id),
      [made[0]],
    );
    assert.deepEqual(second.json.pagination, { totalPages: 2, currentPage: 2, pagingCounter: 3, hasNextPage: false });
    const wrong = await cli('keys', 'list', '--account', account.json.id, '--size', '101');
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /--size 1 to 100/);
    assert.equal(wrong.stdout, '');
  });

  test('webhooks deliveries answers as the admin API does: {deliveries, pagination}', async () => {
    const account = await cli('accounts', 'create', '--name', 'Hooked');
    const endpoint = await cli(
      'webhooks',
      'create',
      '--account',
      account.json.id,
      '--url',
      'http://127.0.0.1:59999/hook',
    );
    assert.equal(endpoint.code, 0, endpoint.stderr);
    const pings = [];
    for (let i = 0; i < 3; i++) pings.push((await cli('webhooks', 'test', endpoint.json.id)).json.id);
    const page = await cli('webhooks', 'deliveries', endpoint.json.id, '--size', '2', '--page', '2');
    assert.equal(page.code, 0, page.stderr);
    assert.deepEqual(Object.keys(page.json).sort(), ['deliveries', 'pagination']);
    assert.deepEqual(
      page.json.deliveries.map((delivery: { id: string }) => delivery.id),
      [pings[0]],
    );
    assert.deepEqual(page.json.pagination, { totalPages: 2, currentPage: 2, pagingCounter: 3, hasNextPage: false });
  });

  test('webhooks list pages: --page and --size, with the API’s pagination object', async () => {
    const account = await cli('accounts', 'create', '--name', 'Many hooks');
    assert.equal(account.code, 0, account.stderr);
    for (const n of [1, 2, 3]) {
      const made = await cli(
        'webhooks',
        'create',
        '--account',
        account.json.id,
        '--url',
        `http://127.0.0.1:59999/h${n}`,
      );
      assert.equal(made.code, 0, made.stderr);
    }
    const whole = await cli('webhooks', 'list', '--account', account.json.id);
    assert.equal(whole.code, 0, whole.stderr);
    const ids = whole.json.endpoints.map((endpoint: { id: string }) => endpoint.id);
    assert.equal(ids.length, 3);
    assert.deepEqual(whole.json.pagination, { totalPages: 1, currentPage: 1, pagingCounter: 1, hasNextPage: false });
    const second = await cli('webhooks', 'list', '--account', account.json.id, '--size', '2', '--page', '2');
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(Object.keys(second.json).sort(), ['endpoints', 'pagination']);
    assert.deepEqual(
      second.json.endpoints.map((endpoint: { id: string }) => endpoint.id),
      ids.slice(2),
    );
    assert.deepEqual(second.json.pagination, { totalPages: 2, currentPage: 2, pagingCounter: 3, hasNextPage: false });
    const wrong = await cli('webhooks', 'list', '--account', account.json.id, '--size', '101');
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /--size 1 to 100/);
    assert.equal(wrong.stdout, '');
  });

  test('--page and --size take decimal digits only, as the API’s query does; -1 is told the minimum', async () => {
    const account = await cli('accounts', 'create', '--name', 'Digits');
    assert.equal(account.code, 0, account.stderr);
    for (const [option, text] of [
      ['--page', '0x2'],
      ['--page', '1e0'],
      ['--page', ' 2'],
      ['--page', '+2'],
      ['--page', '2.0'],
      ['--size', '0b10'],
      ['--size', '2 '],
      ['--size', 'Infinity'],
      ['--size', ''],
    ] as const) {
      const wrong = await cli('keys', 'list', '--account', account.json.id, `${option}=${text}`);
      assert.notEqual(wrong.code, 0, `${option}=${text}`);
      assert.equal(wrong.stderr.trim(), `colloquy: ${option} must be a whole number, got "${text}"`);
      assert.equal(wrong.stdout, '');
    }
    const negative = await cli('webhooks', 'list', '--account', account.json.id, '--page=-1');
    assert.notEqual(negative.code, 0);
    assert.match(negative.stderr, /--page must be 1 to 1000000 and --size 1 to 100/);
    const beyond = await cli('webhooks', 'list', '--account', account.json.id, '--page', '999999999999999999999');
    assert.notEqual(beyond.code, 0);
    assert.match(beyond.stderr, /--page must be 1 to 1000000 and --size 1 to 100/);
    const plain = await cli('keys', 'list', '--account', account.json.id, '--page', '01', '--size', '7');
    assert.equal(plain.code, 0, plain.stderr);
    assert.deepEqual(plain.json.pagination, { totalPages: 1, currentPage: 1, pagingCounter: 1, hasNextPage: false });
  });

  test('webhooks --events takes the types the service sends, or all; an unknown one is refused by name', async () => {
    const account = await cli('accounts', 'create', '--name', 'Subscriber');
    const url = 'http://127.0.0.1:59999/typed';
    const wrong = await cli(
      'webhooks',
      'create',
      '--account',
      account.json.id,
      '--url',
      url,
      '--events',
      'agent.created,agent.create',
    );
    assert.equal(wrong.code, 1);
    assert.match(
      wrong.stderr,
      /"--events":\["\\"agent\.create\\" is not an event type; accepted types: chat\.completed, .*ping"\]/,
    );
    assert.equal(wrong.stdout, '');
    const made = await cli(
      'webhooks',
      'create',
      '--account',
      account.json.id,
      '--url',
      url,
      '--events',
      'agent.created,ping',
    );
    assert.equal(made.code, 0, made.stderr);
    assert.deepEqual(made.json.events, ['agent.created', 'ping']);
    const update = await cli('webhooks', 'update', made.json.id, '--events', 'credits.low,nope');
    assert.equal(update.code, 1);
    assert.match(update.stderr, /"--events":\["\\"nope\\" is not an event type; accepted types: /);
    const all = await cli('webhooks', 'update', made.json.id, '--events', 'all');
    assert.equal(all.code, 0, all.stderr);
    assert.equal(all.json.events, null);
  });
});
