// Over 300 lines: the operator contract run against one database and server started once for every case.
// The operator contract (docs/cli.md), run as an operator would: JSON on stdout, errors on stderr
// with a non-zero exit, and a running server on the same database sees each change at once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createTestDatabase, TEST_BACKEND, type TestDatabase } from '../support/backend.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/processes.ts';

describe('operator CLI', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  // OPENAI_API_KEY: the OpenAI models are then configured and can be chosen (no chat is made).
  const cli = (...args: string[]) => runCli(args, { ...database.env, OPENAI_API_KEY: 'sk-unused' });
  const get = async (path: string, key: string) => {
    const response = await fetch(`${server.baseUrl}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  before(async () => {
    database = await createTestDatabase();
    server = await startServerProcess(database.env);
  });
  after(async () => {
    await server.stop();
    await database.drop();
  });

  test('accounts, agents, keys, credits and members, seen by the running server', async () => {
    const account = await cli('accounts', 'create', '--name', 'Acme', '--plan', 'starter', '--credits', '250');
    assert.equal(account.code, 0, account.stderr);
    assert.match(account.json.id, /^acc_/);
    assert.deepEqual(
      { ...account.json, id: undefined, createdAt: undefined },
      { id: undefined, name: 'Acme', plan: 'starter', credits: 250, createdAt: undefined },
    );

    const agent = await cli(
      'agents',
      'create',
      '--account',
      account.json.id,
      '--name',
      'Support',
      '--model',
      'gpt-4o-mini',
      '--instructions',
      'Be brief.',
    );
    assert.equal(agent.code, 0, agent.stderr);
    assert.match(agent.json.id, /^agt_/);
    assert.equal(agent.json.model, 'gpt-4o-mini');

    const key = await cli(
      'keys',
      'create',
      '--account',
      account.json.id,
      '--name',
      'backend',
      '--quota',
      '30',
      '--ips',
      '127.0.0.1,::1',
      '--expires',
      '2099-01-01T00:00:00Z',
    );
    assert.equal(key.code, 0, key.stderr);
    assert.match(key.json.id, /^key_/);
    assert.equal(key.json.name, 'backend');
    assert.match(key.json.key, /^cq_[A-Za-z0-9_-]{43}$/);

    const validate = await get('/validate', key.json.key);
    assert.deepEqual(validate.body, { success: true, valid: true, usage: { total: 0, quotaLimit: 30 } });
    const seen = await get(`/agents/${agent.json.id}`, key.json.key);
    assert.equal(seen.body.agent.name, 'Support');

    const credits = await cli('credits', 'add', '--account', account.json.id, '--amount', '12.5');
    assert.equal(credits.code, 0, credits.stderr);
    assert.equal(credits.json.balance, 262.5);
    const usage = await get('/usage', key.json.key);
    assert.deepEqual(usage.body.balance.lastRefill.credits, 12.5);
    assert.equal(usage.body.balance.credits, 262.5);

    const member = await cli('members', 'add', '--account', account.json.id, '--email', 'Dana@Example.com');
    assert.equal(member.code, 0, member.stderr);
    assert.deepEqual(
      { email: member.json.email, role: member.json.role },
      { email: 'dana@example.com', role: 'teammate' },
    );

    const toolsFile = join(database.env.DATA_DIR, 'tools.json');
    writeFileSync(
      toolsFile,
      JSON.stringify([
        {
          name: 'order_status',
          description: 'Look up an order',
          parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        },
      ]),
    );
    const updated = await cli('agents', 'update', agent.json.id, '--name', 'Support v2', '--tools', toolsFile);
    assert.equal(updated.code, 0, updated.stderr);
    assert.equal(updated.json.name, 'Support v2');
    assert.equal(updated.json.tools[0].name, 'order_status');
    writeFileSync(
      toolsFile,
      JSON.stringify([
        {
          name: 'order_status',
          description: 'Look up an order',
          parameters: { type: 'object', properties: { id: 'string' } },
        },
      ]),
    );
    const badSchema = await cli('agents', 'update', agent.json.id, '--tools', toolsFile);
    assert.equal(badSchema.code, 1);
    assert.match(badSchema.stderr, /not a valid JSON Schema/);
    // A \u0000 escape in the file is refused as the API refuses it in a body, not stored and sent
    // to the model with every chat.
    writeFileSync(
      toolsFile,
      String.raw`[{"name":"order_status","description":"Look up\u0000","parameters":{"type":"object"}}]`,
    );
    const nul = await cli('agents', 'update', agent.json.id, '--tools', toolsFile);
    assert.equal(nul.code, 1, nul.stdout);
    assert.match(nul.stderr, /\{"--tools":\["\[0\] must not contain the NUL character \(U\+0000\)"\]\}/);
    assert.equal((await get(`/agents/${agent.json.id}`, key.json.key)).body.agent.name, 'Support v2');
    const hours = { timeZone: 'Europe/Lisbon', weekly: [{ days: ['mon', 'tue'], from: '08:00', to: '16:00' }] };
    writeFileSync(toolsFile, JSON.stringify(hours));
    const handing = await cli('agents', 'update', agent.json.id, '--handoff', 'on', '--hours', toolsFile);
    assert.equal(handing.code, 0, handing.stderr);
    assert.deepEqual(handing.json.handoff, { enabled: true, hours });
    // The CLI prints the API's agent object (with the operator's fields added), not a shape of its own.
    const apiAgent = (await get(`/agents/${agent.json.id}`, key.json.key)).body.agent;
    assert.deepEqual(apiAgent.handoff, { enabled: true, hours });
    const { accountId: _a, tools: _t, helpMessage: _h, ...cliAgent } = handing.json;
    assert.deepEqual(cliAgent, apiAgent);
    writeFileSync(toolsFile, JSON.stringify({ timeZone: 'Nowhere/Else', weekly: [] }));
    const badHours = await cli('agents', 'update', agent.json.id, '--hours', toolsFile);
    assert.equal(badHours.code, 1);
    assert.match(badHours.stderr, /time zone/);
    const anyTime = await cli('agents', 'update', agent.json.id, '--hours', 'none');
    assert.deepEqual(anyTime.json.handoff, { enabled: true, hours: null });
    const off = await cli('agents', 'update', agent.json.id, '--handoff', 'off');
    assert.equal('handoff' in off.json, false, 'as in the API: the default setting is not shown');
    assert.equal('hours' in off.json, false);
    const help = await cli('agents', 'update', agent.json.id, '--help-message', 'Samaritans: call 116 123, any time.');
    assert.equal(help.code, 0, help.stderr);
    assert.equal(help.json.helpMessage, 'Samaritans: call 116 123, any time.');
    const helpDefault = await cli('agents', 'update', agent.json.id, '--help-message', 'default');
    assert.equal(helpDefault.json.helpMessage, null);
    // The CLI's word for the default text is `default` (it cannot pass null): its hint says so.
    for (const text of ['', '   ', 'x'.repeat(2_001)]) {
      const blank = await cli('agents', 'update', agent.json.id, '--help-message', text);
      assert.equal(blank.code, 1, blank.stderr);
      assert.equal(
        blank.stderr.trim().split('\n').at(-1),
        'colloquy: INVALID_BODY: The request is invalid. {"--help-message":["must be 1 to 2000 characters, or default for the default text"]}',
      );
    }

    const revoked = await cli('keys', 'revoke', key.json.id);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.deepEqual(revoked.json, { id: key.json.id, revoked: true });
    assert.deepEqual((await get('/validate', key.json.key)).body, { error: 'Unauthorized', code: 'AUTH_REQUIRED' });
  });

  test('agents delete removes the agent; the server answers 404 next', async () => {
    const quick = await cli('quickstart');
    assert.equal(quick.code, 0, quick.stderr);
    const { agent, key } = quick.json;
    assert.match(key.key, /^cq_/);
    assert.equal((await get(`/agents/${agent.id}`, key.key)).status, 200);
    const deleted = await cli('agents', 'delete', agent.id);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.deepEqual(deleted.json, { id: agent.id, deleted: true });
    assert.equal((await get(`/agents/${agent.id}`, key.key)).body.error.code, 'AGENT_NOT_FOUND');
  });

  test('a key restricted to agents, created by the CLI, is enforced by the server', async () => {
    const quick = await cli('quickstart', '--plan', 'pro');
    const other = await cli('agents', 'create', '--account', quick.json.account.id, '--name', 'Other');
    const restricted = await cli(
      'keys',
      'create',
      '--account',
      quick.json.account.id,
      '--name',
      'one agent',
      '--agents',
      quick.json.agent.id,
    );
    assert.equal(restricted.code, 0, restricted.stderr);
    assert.deepEqual(restricted.json.agents, [quick.json.agent.id]);
    assert.equal((await get(`/agents/${other.json.id}`, restricted.json.key)).body.error.code, 'AGENT_NOT_ALLOWED');
    assert.equal((await get(`/agents/${quick.json.agent.id}`, restricted.json.key)).status, 200);
  });

  // Wrong usage (exit 2) is the arguments' check, which does not depend on the engine (the error
  // path with a database open is the failures' test below): checked in the SQLite pass only. Failed
  // operations (exit 1) are the database's answers: both passes.
  const USAGE_SKIP =
    TEST_BACKEND === 'postgres' ? 'the arguments are checked the same on every engine: in the SQLite pass' : false;

  test('wrong usage: message on stderr, nothing on stdout, exit 2', { skip: USAGE_SKIP }, async () => {
    const cases: Array<[string[], RegExp]> = [
      [['accounts', 'create'], /--name is required/],
      [['accounts', 'create', '--name', 'X', '--plan', 'gold'], /--plan must be one of free, starter, pro, business/],
      [['accounts', 'create', '--name', 'X', '--bogus', '1'], /bogus/],
      [['frobnicate'], /unknown command/],
      [['config', 'show', 'extra'], /unexpected argument "extra"/],
      [['credits', 'add', '--account', 'acc_x', '--amount', 'lots'], /--amount must be a number/],
      // Number() reads hexadecimal, binary and octal: 0x10 credits were a top-up of 16.
      [['credits', 'add', '--account', 'acc_x', '--amount', '0x10'], /--amount must be a decimal number, got "0x10"/],
      [['accounts', 'create', '--name', 'X', '--credits', '0b11'], /--credits must be a decimal number, got "0b11"/],
      [['keys', 'create', '--account', 'acc_x', '--name', 'k', '--quota', '0o7'], /--quota must be a decimal number/],
      [
        ['keys', 'create', '--account', 'acc_x', '--name', 'k', '--expires', 'tomorrow'],
        /--expires must be an ISO 8601 date \(UTC\) or date-time with its zone/,
      ],
      // Date.parse rolls a day a month does not have over into the next: the key expired on March 2.
      [
        ['keys', 'create', '--account', 'acc_x', '--name', 'k', '--expires', '2027-02-30'],
        /--expires must be an ISO 8601 date \(UTC\) or date-time with its zone \(Z or \+hh:mm\), got "2027-02-30"/,
      ],
      [
        ['keys', 'create', '--account', 'acc_x', '--name', 'k', '--expires', '2027-04-31T12:00:00Z'],
        /--expires must be an ISO 8601 date/,
      ],
      // Without a zone Date.parse reads the machine's local time: the expiry moved with TZ.
      [
        ['keys', 'create', '--account', 'acc_x', '--name', 'k', '--expires', '2030-01-01T00:00:00'],
        /--expires must be an ISO 8601 date \(UTC\) or date-time with its zone \(Z or \+hh:mm\), got "2030-01-01T00:00:00"/,
      ],
      // An empty list (an unset shell variable) made a key usable from any address.
      [['keys', 'create', '--account', 'acc_x', '--name', 'k', '--ips', ''], /--ips must name at least one/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(...args);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message, args.join(' '));
      assert.equal(result.stdout, '', args.join(' '));
    }
  });

  test('a reader that stops early (… | head) closes stdout: the command still succeeds, with no stack trace', async () => {
    const child = spawn(process.execPath, ['src/cli/main.ts', 'accounts', 'create', '--name', 'Piped'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, ...database.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy(); // the pipe's reader is gone before the first byte
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number];
    assert.doesNotMatch(stderr, /EPIPE|Unhandled 'error' event/);
    assert.equal(code, 0, stderr);
  });

  test('failures: message on stderr, nothing on stdout, non-zero exit', async () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['agents', 'create', '--account', 'acc_missing', '--name', 'X'], 1, /No account acc_missing/],
      [['agents', 'delete', 'agt_missing'], 1, /No agent agt_missing/],
      [['keys', 'revoke', 'key_missing'], 1, /No key key_missing/],
      [['keys', 'list', '--account', 'acc_missing'], 1, /No account acc_missing/],
      [['members', 'add', '--account', 'acc_x', '--email', 'not-an-email'], 1, /INVALID_BODY/],
      [
        ['keys', 'create', '--account', 'acc_x', '--name', 'k', '--expires', '2001-01-01T00:00:00Z'],
        1,
        /must be in the future/,
      ],
      // Less than a millicredit was a top-up of 0: the last refill, so credits.low's threshold, became 0.
      [['credits', 'add', '--account', 'acc_x', '--amount', '0.0001'], 1, /"--amount":\["must be at least 0\.001"\]/],
      // Half a millicredit was rounded up to a top-up of 0.001 rather than refused.
      [['credits', 'add', '--account', 'acc_x', '--amount', '0.0005'], 1, /"--amount":\["must be at least 0\.001"\]/],
      // A quota of 0 made a key that can spend nothing, which GET /validate shows as "no quota" (0).
      [
        ['keys', 'create', '--account', 'acc_x', '--name', 'k', '--quota', '0'],
        1,
        /"--quota":\["must be more than 0"\]/,
      ],
      // So did a quota under a millicredit, stored as 0.
      [
        ['keys', 'create', '--account', 'acc_x', '--name', 'k', '--quota', '0.0004'],
        1,
        /"--quota":\["must be at least 0\.001"\]/,
      ],
      // Past JavaScript's safe integers in millicredits: such a quota was stored, then every read of
      // the account's keys failed (the key's requests, GET /usage and keys list: 500).
      [
        ['keys', 'create', '--account', 'acc_x', '--name', 'k', '--quota', '1e13'],
        1,
        /"--quota":\["must be at most 1000000000"\]/,
      ],
      [['credits', 'add', '--account', 'acc_x', '--amount', '1e13'], 1, /"--amount":\["must be at most 1000000000"\]/],
      [['accounts', 'create', '--name', 'X', '--credits', '1e13'], 1, /"--credits":\["must be at most 1000000000"\]/],
      // Finer than a thousandth was rounded: a top-up of 1.0005 added 1.001.
      [
        ['credits', 'add', '--account', 'acc_x', '--amount', '1.0005'],
        1,
        /"--amount":\["must be a whole number of thousandths of a credit \(such as 0\.2 or 0\.001\)"\]/,
      ],
      [
        ['accounts', 'create', '--name', 'X', '--credits', '2.0005'],
        1,
        /"--credits":\["must be a whole number of thousandths/,
      ],
      [
        ['keys', 'create', '--account', 'acc_x', '--name', 'k', '--quota', '5.0001'],
        1,
        /"--quota":\["must be a whole number of thousandths/,
      ],
    ];
    for (const [args, code, message] of cases) {
      const result = await cli(...args);
      assert.equal(result.code, code, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message, args.join(' '));
      assert.equal(result.stdout, '', args.join(' '));
    }
  });

  test('model and key checks are the domain’s: the CLI gets the same errors as the API', async () => {
    const account = await cli('accounts', 'create', '--name', 'Free one');
    const agent = await cli('agents', 'create', '--account', account.json.id, '--name', 'A', '--model', 'gpt-4o');
    assert.equal(agent.code, 1);
    assert.match(agent.stderr, /MODEL_NOT_AVAILABLE/);
    const key = await cli('keys', 'create', '--account', account.json.id, '--name', 'k', '--ips', '10.0.0.0/33');
    assert.equal(key.code, 1);
    // Named by the option the operator typed, not by the API's field (allowedIps).
    assert.match(key.stderr, /\{"--ips":\["\\"10\.0\.0\.0\/33\\" is not an IP address or CIDR range"\]\}/);
    const foreign = await cli(
      'keys',
      'create',
      '--account',
      account.json.id,
      '--name',
      'k',
      '--agents',
      'agt_elsewhere',
    );
    assert.equal(foreign.code, 1);
    assert.match(foreign.stderr, /"--agents":\["\\"agt_elsewhere\\" is not an agent of this account"\]/);
    const past = await cli(
      'keys',
      'create',
      '--account',
      account.json.id,
      '--name',
      'k',
      '--expires',
      '2001-01-01T00:00:00Z',
    );
    assert.match(past.stderr, /"--expires":\["must be in the future"\]/);
  });
});
