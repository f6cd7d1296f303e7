// The CLI's own help and its usage checks, which run before any config or database is read: the
// list of commands on stdout when asked for, and an update with nothing to change refused as usage.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/processes.ts';

describe('operator CLI: help and usage', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-cli-help-'));
  const cli = (...args: string[]) => runCli(args, { DATA_DIR: dataDir, DATABASE_URL: undefined });

  test("help: `help`, `--help` and `-h` print the commands on stdout with exit 0; a command's own `--help` its line", async () => {
    for (const args of [['help'], ['--help'], ['-h']]) {
      const result = await cli(...args);
      assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stderr, '', args.join(' '));
      assert.match(result.stdout, /^usage: npm run -s cli -- <command> \[options\]\n/);
      // Required options are written without brackets, as in docs/cli.md.
      assert.match(result.stdout, /\n {2}accounts create --name … \[--plan …\] \[--credits …\]\n/);
      assert.match(result.stdout, /\n {2}agents create --account … --name … \[--model …\]/);
      assert.match(result.stdout, /\n {2}webhooks create --account … --url … \[--events …\]/);
      assert.match(result.stdout, /\n {2}tests import --agent … --file … \[--format …\]\n/);
      assert.match(result.stdout, /\n {2}config show\n/);
    }
    const own = await cli('keys', 'create', '--help');
    assert.deepEqual(
      [own.code, own.stdout, own.stderr],
      [
        0,
        'usage: npm run -s cli -- keys create --account … --name … [--agents …] [--ips …] [--expires …] [--quota …] [--origins …]\n',
        '',
      ],
    );
    // A group's --help lists that group's commands (a user types `keys --help` before `keys create`).
    for (const flag of ['--help', '-h']) {
      const group = await cli('keys', flag);
      assert.equal(group.code, 0, group.stderr);
      assert.equal(group.stderr, '');
      assert.match(group.stdout, /^usage: npm run -s cli -- keys <command> \[options\]\ncommands:\n/);
      assert.match(group.stdout, /\n {2}keys create --account … --name … \[--agents …\]/);
      assert.match(group.stdout, /\n {2}keys revoke ID\n/);
      assert.doesNotMatch(group.stdout, /accounts create/);
    }
    const config = await cli('config', 'show', '--help');
    assert.deepEqual([config.code, config.stdout], [0, 'usage: npm run -s cli -- config show\n']);
    // `config` is a group too: its --help lists its commands, not "unknown command".
    for (const flag of ['--help', '-h']) {
      const group = await cli('config', flag);
      assert.deepEqual(
        [group.code, group.stdout, group.stderr],
        [0, 'usage: npm run -s cli -- config <command> [options]\ncommands:\n  config show\n', ''],
      );
    }
    // No command at all is still wrong usage: the list goes to stderr, exit 2.
    const none = await cli();
    assert.deepEqual([none.code, none.stdout], [2, '']);
    assert.match(none.stderr, /usage: npm run -s cli/);
  });

  test("the help names each command's id as docs/cli.md's table does (webhooks redeliver DELIVERY_ID)", async () => {
    const help = (await cli('help')).stdout;
    const table = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    const rows = [...table.matchAll(/`([a-z]+ [a-z-]+) ([A-Z_]+)[ `]/g)];
    assert.ok(rows.length >= 10, 'the table lists the commands that take an id');
    for (const [, name, id] of rows) assert.match(help, new RegExp(`\\n {2}${name} ${id}(\\n| )`), `${name} ${id}`);
    assert.match(help, /\n {2}webhooks redeliver DELIVERY_ID\n/);
  });

  test('an update with nothing to change is wrong usage naming the options, exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ['agents', 'update', 'agt_x'],
        /"agents update" needs at least one of --name, --model, --instructions, --tools, --handoff, --hours, --help-message/,
      ],
      [['webhooks', 'update', 'whk_x'], /"webhooks update" needs at least one of --url, --events, --description/],
    ];
    for (const [args, message] of cases) {
      const result = await cli(...args);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message, args.join(' '));
      assert.equal(result.stdout, '', args.join(' '));
    }
  });
});
