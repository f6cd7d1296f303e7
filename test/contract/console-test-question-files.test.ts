// The console's import and export of test questions (JSONL and CSV) through the admin API: a file
// exported reads back as the same questions, and a file with one bad line imports nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { adminClient, type AdminResponse, type AdminSession } from '../support/admin-client.ts';
import { TEST_BACKEND } from '../support/backend.ts';

describe(`console: test questions imported and exported as JSONL or CSV (${TEST_BACKEND})`, () => {
  let server: TestServer;
  let session: AdminSession;
  let owner: (method: string, path: string, body?: unknown) => Promise<AdminResponse>;
  let base = '';
  let sourceId = '';
  let accountId = '';
  let ctx: Parameters<TestServer['seedAgent']>[0];

  before(async () => {
    server = await startTestServer({ configFile: UNLIMITED_RATE });
    const seeded = await server.seedAccount('pro');
    const account = seeded.account;
    ctx = seeded.ctx;
    accountId = account.id;
    const agentId = (await server.seedAgent(ctx, 'Bakery')).id;
    const key = await server.seedKey(account.id);
    const added = await server.call('POST', `/agents/${agentId}/sources/text`, {
      key,
      body: { title: 'Opening hours', content: 'The bakery opens at seven in the morning, Monday to Saturday.' },
    });
    assert.equal(added.status, 200, added.text);
    sourceId = added.body.source.id;
    await adminClient(server).addUser(account.id, 'owner@bakery.example');
    session = await adminClient(server).signIn('owner@bakery.example');
    owner = adminClient(server).as(session);
    base = `/accounts/${account.id}/agents/${agentId}/test-questions`;
  });

  after(async () => {
    await server?.close();
  });

  const download = async (format: string) => {
    const response = await fetch(`${server.baseUrl}/api/admin/v1${base}/export?format=${format}`, {
      headers: { cookie: session.cookie },
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      text: await response.text(),
    };
  };

  test('a JSONL file imports every question; the export reads back in both formats', async () => {
    const text = `${JSON.stringify({ question: 'When does the bakery open?', expectedSourceIds: [sourceId], k: 2 })}\n\n${JSON.stringify({ question: 'What is the torque of a tractor?', expectNothing: true })}\n`;
    const imported = await owner('POST', `${base}/import`, { format: 'jsonl', text });
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    assert.equal(imported.body.imported, 2);
    assert.deepEqual(
      imported.body.testQuestions.map((q: { question: string }) => q.question),
      ['When does the bakery open?', 'What is the torque of a tractor?'],
    );

    const jsonl = await download('jsonl');
    assert.equal(jsonl.status, 200);
    assert.equal(jsonl.type, 'application/x-ndjson; charset=utf-8');
    assert.match(jsonl.disposition ?? '', /^attachment; filename="test-questions-agt_[^"]+\.jsonl"$/);
    const lines = jsonl.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      new Set(lines.map((line) => JSON.stringify(line))),
      new Set([
        JSON.stringify({ question: 'When does the bakery open?', expectedSourceIds: [sourceId], k: 2 }),
        JSON.stringify({ question: 'What is the torque of a tractor?', expectNothing: true, k: 3 }),
      ]),
    );

    const csv = await download('csv');
    assert.equal(csv.type, 'text/csv; charset=utf-8');
    assert.ok(csv.text.startsWith('question,expectedSourceIds,expectNothing,k\r\n'), csv.text);
    assert.ok(csv.text.includes(`When does the bakery open?,${sourceId},false,2\r\n`), csv.text);

    // The CSV export imports back as the same questions.
    const again = await owner('POST', `${base}/import`, { format: 'csv', text: csv.text });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.imported, 2);
    const list = await owner('GET', `${base}?size=100`);
    assert.equal(list.body.testQuestions.length, 4);
  });

  test('one bad line imports nothing: 400 INVALID_BODY naming the question and its field', async () => {
    const before = (await owner('GET', `${base}?size=100`)).body.testQuestions.length;
    const text = [
      'question,expectedSourceIds,expectNothing,k',
      `Is the shop open on Sunday?,${sourceId},false,3`,
      'Where is the shop?,src_unknown,false,3',
    ].join('\n');
    const refused = await owner('POST', `${base}/import`, { format: 'csv', text });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.error.code, 'INVALID_BODY');
    assert.deepEqual(refused.body.error.list, { 'question 2: expectedSourceIds': ['unknown source: src_unknown'] });
    const notJson = await owner('POST', `${base}/import`, {
      format: 'jsonl',
      text: '{"question": "Fine?", "expectNothing": true}\nnot json\n',
    });
    assert.equal(notJson.status, 400);
    assert.deepEqual(notJson.body.error.list, { 'line 2': ['is not a JSON object'] });
    const notObject = await owner('POST', `${base}/import`, { format: 'jsonl', text: '"just a string"\n' });
    assert.equal(notObject.status, 400);
    assert.deepEqual(notObject.body.error.list, { 'question 1: question': ['must be a JSON object'] });
    assert.equal((await owner('GET', `${base}?size=100`)).body.testQuestions.length, before);
  });

  test('a line is held to the fields and types POST …/test-questions takes: a typo or a wrong type is named, not guessed', async () => {
    const before = (await owner('GET', `${base}?size=100`)).body.testQuestions.length;
    const refusals: Array<[string, string, Record<string, string[]>]> = [
      // A misspelt `k` was ignored: the question ran with k = 3.
      [
        'jsonl',
        '{"question": "Open?", "expectNothing": true, "K": 5}',
        { 'question 1: K': ['is not an accepted field'] },
      ],
      [
        'jsonl',
        '{"question": "Open?", "expectNothing": "true"}',
        { 'question 1: expectNothing': ['must be true or false'] },
      ],
      [
        'jsonl',
        `{"question": "Open?", "expectedSourceIds": "${sourceId}"}`,
        { 'question 1: expectedSourceIds': ['must be a list of source ids'] },
      ],
      // Text the API refuses in a body (PostgreSQL cannot store U+0000; a lone surrogate would read
      // back as U+FFFD) is refused in a file too, where a JSONL escape writes it.
      [
        'jsonl',
        String.raw`{"question": "Open\u0000?", "expectNothing": true}`,
        { 'question 1: question': ['must not contain the NUL character (U+0000)'] },
      ],
      [
        'jsonl',
        String.raw`{"question": "Open?", "expectedSourceIds": ["src_\ud800"]}`,
        { 'question 1: expectedSourceIds': ['must be valid Unicode text (no unpaired surrogate such as \\ud800)'] },
      ],
      ['jsonl', '{"question": 5, "expectNothing": true}', { 'question 1: question': ['must be a string'] }],
      [
        'csv',
        'question,expectedSourceIds,expectNothing,k\nOpen?,,yes,\n',
        { 'question 1: expectNothing': ['must be true or false'] },
      ],
      [
        'csv',
        'question,expectNothing\nOpen?,true\n"Closed?,true\nWhere?,true\n',
        { 'line 3': ['opens a quoted field (") that is never closed'] },
      ],
      [
        'csv',
        'question,expectNothing,K\nOpen?,true,5\n',
        { 'line 1': ['has a column "K" that is not one of question, expectedSourceIds, expectNothing, k'] },
      ],
    ];
    for (const [format, text, list] of refusals) {
      const refused = await owner('POST', `${base}/import`, { format, text });
      assert.deepEqual([refused.status, refused.body.error?.list], [400, list], text);
    }
    // CSV cells are case-insensitive and may be left empty.
    const csv =
      'question,expectedSourceIds,expectNothing,k\nOpen on Sunday?,,TRUE,\nOpen at seven?,' + sourceId + ',False,2\n';
    const imported = await owner('POST', `${base}/import`, { format: 'csv', text: csv });
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    assert.deepEqual(
      imported.body.testQuestions.map((q: { expectNothing: boolean; k: number }) => [q.expectNothing, q.k]),
      [
        [true, 3],
        [false, 2],
      ],
    );
    assert.equal((await owner('GET', `${base}?size=100`)).body.testQuestions.length, before + 2);
  });

  test('an import is all or nothing under concurrency: two files at once never take the agent past 500 questions', async () => {
    const agentId = (await server.seedAgent(ctx, 'Busy')).id;
    const path = `/accounts/${accountId}/agents/${agentId}/test-questions`;
    const file = (name: string) =>
      Array.from({ length: 300 }, (_, i) => JSON.stringify({ question: `${name} ${i}?`, expectNothing: true })).join(
        '\n',
      );
    const imports = await Promise.all([
      owner('POST', `${path}/import`, { format: 'jsonl', text: file('First') }),
      owner('POST', `${path}/import`, { format: 'jsonl', text: file('Second') }),
    ]);
    assert.deepEqual(
      imports.map((response) => response.status).sort(),
      [200, 403],
      JSON.stringify(imports.map((response) => response.body.error ?? response.body.imported)),
    );
    assert.equal(imports.find((response) => response.status === 403)?.body.error.code, 'PLAN_LIMIT_REACHED');
    const listed = await owner('GET', `${path}?size=100`);
    assert.equal(listed.body.pagination.totalTestQuestions, 300, 'one whole file, nothing of the other');
    const names = new Set(listed.body.testQuestions.map((q: { question: string }) => q.question.split(' ')[0]));
    assert.equal(names.size, 1, 'every question from the same file');
  });
});
