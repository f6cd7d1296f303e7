// `tests import` and `tests export` run as an operator would, on the database a running server uses:
// a CSV imports, exports as JSONL, and a file with one bad line imports nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { runCli } from '../support/processes.ts';

let server: TestServer;
const cli = (...args: string[]) =>
  runCli(args, {
    ...server.database.env,
    COLLOQUY_CONFIG: join(server.database.env.DATA_DIR, 'config.json'),
    LOG_LEVEL: 'silent',
  });

before(async () => {
  server = await startTestServer({ configFile: UNLIMITED_RATE });
});
after(() => server.close());

test('imports a CSV, exports JSONL, and a bad line imports nothing', async () => {
  const { account, ctx } = await server.seedAccount('pro');
  const agent = await server.seedAgent(ctx);
  const key = await server.seedKey(account.id);
  const source = await server.call('POST', `/agents/${agent.id}/sources/text`, {
    key,
    body: { title: 'Hours', content: 'We open at nine.' },
  });
  const sourceId = source.body.source.id as string;
  const dir = server.database.env.DATA_DIR;

  const csv = join(dir, 'questions.csv');
  writeFileSync(
    csv,
    `question,expectedSourceIds,expectNothing,k\r\n"When, exactly, do you open?",${sourceId},,2\r\nDo you sell tractors?,,true,\r\n`,
  );
  const imported = await cli('tests', 'import', '--agent', agent.id, '--file', csv);
  assert.equal(imported.code, 0, imported.stderr);
  assert.equal(imported.json.imported, 2);

  const jsonl = join(dir, 'questions.jsonl');
  const exported = await cli('tests', 'export', '--agent', agent.id, '--file', jsonl);
  assert.equal(exported.code, 0, exported.stderr);
  assert.deepEqual(exported.json, { exported: 2, file: jsonl });
  assert.deepEqual(
    readFileSync(jsonl, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line)),
    [
      { question: 'When, exactly, do you open?', expectedSourceIds: [sourceId], k: 2 },
      { question: 'Do you sell tractors?', expectNothing: true, k: 3 },
    ],
  );

  // A file whose extension names neither format is not guessed: JSONL written to questions.json
  // (or read from a JSON array there) would surprise; --format says which.
  const json = join(dir, 'questions.json');
  const unnamed = await cli('tests', 'export', '--agent', agent.id, '--file', json);
  assert.equal(unnamed.code, 2, unnamed.stderr);
  assert.match(unnamed.stderr, /questions\.json: name the format with --format jsonl or csv/);
  assert.equal(existsSync(json), false, 'nothing written');
  const named = await cli('tests', 'export', '--agent', agent.id, '--file', json, '--format', 'jsonl');
  assert.equal(named.code, 0, named.stderr);
  assert.equal(readFileSync(json, 'utf8'), readFileSync(jsonl, 'utf8'));
  const ndjson = join(dir, 'questions.NDJSON');
  assert.equal((await cli('tests', 'export', '--agent', agent.id, '--file', ndjson)).code, 0, 'NDJSON is JSONL');

  const bad = join(dir, 'bad.jsonl');
  writeFileSync(
    bad,
    `{"question":"Fine?","expectNothing":true}\n{"question":"Which?","expectedSourceIds":["src_unknown"]}\n`,
  );
  const refused = await cli('tests', 'import', '--agent', agent.id, '--file', bad);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /expectedSourceIds|src_unknown/);
  const listed = await server.call('GET', `/agents/${agent.id}/test-questions`, { key });
  assert.equal(listed.body.pagination.totalTestQuestions, 2);
});

test('a --file that cannot be read or written is said under --file, as wrong usage (exit 2); one holding no question too (exit 1)', async () => {
  const { ctx } = await server.seedAccount('pro');
  const agent = await server.seedAgent(ctx);
  const dir = server.database.env.DATA_DIR;
  const missing = join(dir, 'missing.jsonl');
  const unread = await cli('tests', 'import', '--agent', agent.id, '--file', missing);
  assert.deepEqual([unread.code, unread.stdout], [2, '']);
  assert.match(unread.stderr, /^colloquy: --file: cannot read .*missing\.jsonl: ENOENT/);
  const nowhere = join(dir, 'no-such-folder', 'out.csv');
  const unwritten = await cli('tests', 'export', '--agent', agent.id, '--file', nowhere);
  assert.deepEqual([unwritten.code, unwritten.stdout], [2, '']);
  assert.match(unwritten.stderr, /^colloquy: --file: cannot write .*out\.csv: ENOENT/);
  // A file holding no question is said under --file, not the admin API's `text` field.
  const empty = join(dir, 'empty.csv');
  writeFileSync(empty, 'question,expectedSourceIds,expectNothing,k\n');
  const nothing = await cli('tests', 'import', '--agent', agent.id, '--file', empty);
  assert.deepEqual([nothing.code, nothing.stdout], [1, '']);
  assert.match(nothing.stderr, /^colloquy: INVALID_BODY: .* \{"--file":\["holds no question"\]\}$/m);
});
