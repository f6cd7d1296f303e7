// Over 300 lines: one file per resource's contract; cases are independent.
// The insights through the real server: the source viewer pages a PDF's text and chunks
// with page numbers; the unanswered list groups paraphrases (and keeps distinct questions apart);
// a Q&A added from a group answers the next paraphrase; rated-down replies come with their comment
// and question; exports parse and hold exactly the period's conversations; tool outputs are read.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { adminClient, type AdminSession } from '../support/admin-client.ts';
import { createTestClock } from '../support/fixed-clock.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/files');
const DAY = 86_400_000;

// Three questions asked several ways, none of which the agent's knowledge (a bakery) answers, and
// one more that is different from all of them.
const OFFICE = [
  'When does the harbour office open?',
  'What are the opening hours of the harbour office?',
  'harbour office hours',
  'What time is the marina office open until?',
];
const FUEL = [
  'Is there fuel available at the marina?',
  'Can I buy diesel in the harbour?',
  'where can i refuel my boat',
  'Do you have a fuel dock?',
];
const PASSWORD = ['How do I reset my password?', 'I forgot my password, how can I change it?', 'password reset'];
const SHOWERS = 'Where are the showers?';

/** RFC 4180 rows (quoted cells with doubled quotes and line breaks inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  assert.equal(cell + row.join(''), '', 'the file ends with CRLF');
  return rows;
}

describe('insights and the source viewer', () => {
  const clock = createTestClock();
  let server: TestServer;
  let admin: ReturnType<ReturnType<typeof adminClient>['as']>;
  let session: AdminSession;
  let accountId: string;
  let key: string;

  before(async () => {
    server = await startTestServer({ configFile: UNLIMITED_RATE, clock });
    const { account } = await server.seedAccount('starter', 1_000);
    accountId = account.id;
    key = await server.seedKey(account.id);
    const client = adminClient(server);
    await client.addUser(account.id, 'owner@example.com');
    session = await client.signIn('owner@example.com');
    admin = client.as(session);
  });
  after(() => server.close());

  async function newAgent() {
    const { ctx } = { ctx: { accountId, plan: 'starter' as const, key: null, requestId: 't' } };
    const agent = await server.seedAgent(ctx);
    const text = await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: {
        title: 'Bakery',
        content: 'Our bakery sells sourdough bread baked every morning at six, and croissants on Sundays.',
      },
    });
    assert.equal(text.status, 200);
    const base = `/accounts/${accountId}/agents/${agent.id}`;
    const chat = async (message: string, extra: object = {}) => {
      const reply = await server.call('POST', `/agents/${agent.id}/chat`, { key, body: { message, ...extra } });
      assert.equal(reply.status, 200, reply.text);
      return reply.body as { conversationId: string; messageId: string; reply: { content: string } };
    };
    return { agent, base, chat };
  }

  test('the source viewer pages a PDF’s extracted text and its chunks, with page numbers', async () => {
    const { agent, base } = await newAgent();
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(FIXTURES, 'lighthouses.pdf'))]), 'lighthouses.pdf');
    const upload = await fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/sources/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    assert.equal(upload.status, 200);
    const sourceId = ((await upload.json()) as { source: { id: string } }).source.id;

    const text = await admin('GET', `${base}/sources/${sourceId}/text?size=100`);
    assert.equal(text.status, 200, JSON.stringify(text.body));
    assert.equal(text.body.stored, true);
    assert.equal(text.body.source.id, sourceId);
    assert.deepEqual([...new Set(text.body.sections.map((s: { page: number }) => s.page))], [1, 2, 3]);

    const all: Array<{ ordinal: number; content: string; page: number }> = [];
    let page = 1;
    for (;;) {
      const chunks = await admin('GET', `${base}/sources/${sourceId}/chunks?page=${page}&size=2`);
      assert.equal(chunks.status, 200, JSON.stringify(chunks.body));
      assert.ok(chunks.body.chunks.length <= 2);
      all.push(...chunks.body.chunks);
      assert.equal(chunks.body.pagination.currentPage, page);
      if (!chunks.body.pagination.hasNextPage) {
        assert.equal(chunks.body.pagination.totalChunks, all.length);
        break;
      }
      page += 1;
    }
    assert.ok(all.length >= 3, 'several chunks, paged two by two');
    assert.deepEqual(
      all.map((chunk) => chunk.ordinal),
      all.map((_, index) => index),
      'in order, none twice',
    );
    assert.deepEqual([...new Set(all.map((chunk) => chunk.page))], [1, 2, 3]);
    // Every chunk's text comes from the extracted text.
    const extracted = text.body.sections.map((s: { text: string }) => s.text).join(' ');
    for (const chunk of all) assert.ok(extracted.includes(chunk.content.split(/\n\n|(?<=[.!?])\s/)[0] as string));

    // A text source shows its text; another agent's or a missing source is 404.
    const bakery = (await server.call('GET', `/agents/${agent.id}/sources?type=text`, { key })).body.sources[0];
    const bakeryText = await admin('GET', `${base}/sources/${bakery.id}/text`);
    assert.equal(
      bakeryText.body.sections[0].text,
      'Our bakery sells sourdough bread baked every morning at six, and croissants on Sundays.',
    );
    assert.equal((await admin('GET', `${base}/sources/src_missing/chunks`)).body.error.code, 'SOURCE_NOT_FOUND');
    const other = await newAgent();
    assert.equal((await admin('GET', `${other.base}/sources/${sourceId}/text`)).status, 404);
    assert.equal((await admin('GET', `${base}/sources/${sourceId}/chunks?size=101`)).status, 400);
  });

  test('unanswered questions are grouped by meaning; a Q&A from a group answers the next paraphrase', async () => {
    const { base, chat } = await newAgent();
    for (const question of [...OFFICE, ...FUEL, ...PASSWORD, SHOWERS, FUEL[0] as string]) await chat(question);
    await chat('When do you bake sourdough bread?'); // answered from the knowledge: not listed

    const listed = await admin('GET', `${base}/insights/unanswered`);
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const groups = listed.body.groups as Array<{
      question: string;
      count: number;
      examples: string[];
      questionIds: string[];
    }>;
    const groupOf = (text: string) => groups.filter((group) => group.examples.includes(text));
    for (const [wordings, count] of [
      [OFFICE, 4],
      [FUEL, 5],
      [PASSWORD, 3],
      [[SHOWERS], 1],
    ] as const) {
      const found = groupOf(wordings[0] as string);
      assert.equal(found.length, 1, `${wordings[0]} is in one group`);
      assert.deepEqual(
        [...(found[0] as { examples: string[] }).examples].sort(),
        [...wordings].sort(),
        'its wordings, and no other question',
      );
      assert.equal(found[0]?.count, count);
    }
    assert.equal(groups.length, 4);
    assert.equal(listed.body.questions, 13);
    assert.equal(groups[0]?.question, FUEL[0], 'largest group first, under its most asked wording');
    assert.equal(listed.body.pagination.totalGroups, 4);

    // The topics hold every chat question, the answered one too.
    const topics = await admin('GET', `${base}/insights/topics?size=2`);
    assert.equal(topics.body.pagination.totalGroups, 5);
    assert.equal(topics.body.groups.length, 2);
    assert.equal(topics.body.questions, 14);

    const fuel = groupOf(FUEL[0] as string)[0] as { questionIds: string[] };
    const answered = await admin('POST', `${base}/insights/answers`, {
      questionIds: fuel.questionIds,
      answer: 'Diesel and petrol are sold at the fuel dock by the harbour entrance, from 8 to 18.',
    });
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    assert.equal(answered.body.source.type, 'qa');
    assert.equal(answered.body.source.title, FUEL[0]);
    assert.equal(answered.body.covered, 5);
    assert.deepEqual([...answered.body.wordings].sort(), [...FUEL].sort());

    const after = await admin('GET', `${base}/insights/unanswered`);
    assert.equal(after.body.groups.length, 3);
    assert.ok(!after.body.groups.some((group: { examples: string[] }) => group.examples.includes(FUEL[0] as string)));

    // A wording never asked before now finds the answer.
    const reply = await chat('Where could I get diesel for my boat?');
    assert.match(reply.reply.content, /fuel dock/);
    const last = await admin('GET', `${base}/insights/unanswered`);
    assert.equal(last.body.questions, 8, 'the new question was grounded: not unanswered');

    assert.equal(
      (await admin('POST', `${base}/insights/answers`, { questionIds: ['qst_nope'], answer: 'x' })).body.error.code,
      'INVALID_BODY',
    );
    assert.equal(
      (await admin('GET', `${base}/insights/unanswered?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z`)).status,
      400,
    );
  });

  test('a period naming a day its month does not have is refused on every insights route, not read as March', async () => {
    const { base } = await newAgent();
    for (const route of ['unanswered', 'downvoted', 'export'])
      for (const [query, field] of [
        ['from=2026-02-30T10:00:00Z&to=2026-03-05T00:00:00Z', 'from'],
        ['from=2026-04-01T00:00:00Z&to=2026-04-31T00:00:00Z', 'to'],
      ] as const) {
        const response = await admin('GET', `${base}/insights/${route}?${query}`);
        assert.deepEqual(
          response.body,
          {
            success: false,
            error: {
              code: 'INVALID_BODY',
              message: 'The request is invalid.',
              list: { [field]: ['must be an ISO 8601 date-time such as 2026-01-31T12:00:00Z'] },
            },
          },
          `${route}?${query}`,
        );
      }
    // RFC 3339's lower-case separator is a date-time like any other.
    const lower = await admin('GET', `${base}/insights/downvoted?from=2026-11-01t00:00:00z`);
    assert.equal(lower.status, 200, JSON.stringify(lower.body));
  });

  test('a group is answered once: two answers at once, or one from a stale list, add one Q&A and refuse the other', async () => {
    const { agent, base, chat } = await newAgent();
    for (const question of PASSWORD) await chat(question);
    const listed = await admin('GET', `${base}/insights/unanswered`);
    const group = (listed.body.groups as Array<{ examples: string[]; questionIds: string[] }>).find((row) =>
      row.examples.includes(PASSWORD[0] as string),
    );
    assert.ok(group, JSON.stringify(listed.body));
    const body = { questionIds: group.questionIds, answer: 'Use "Forgot password" on the sign-in page.' };

    const answers = await Promise.all([
      admin('POST', `${base}/insights/answers`, body),
      admin('POST', `${base}/insights/answers`, body),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.status).sort(),
      [200, 400],
      JSON.stringify(answers.map((a) => a.body)),
    );
    const refused = answers.find((answer) => answer.status === 400);
    assert.deepEqual(refused?.body, {
      success: false,
      error: {
        code: 'INVALID_BODY',
        message: 'These questions were answered already.',
        list: { questionIds: ['were answered already: reload the unanswered questions'] },
      },
    });
    const qa = async () => (await server.call('GET', `/agents/${agent.id}/sources?type=qa`, { key })).body.sources;
    assert.equal((await qa()).length, 1, 'one Q&A, not two');

    // Later, from a tab that still shows the group: refused the same way, nothing added.
    const stale = await admin('POST', `${base}/insights/answers`, { ...body, answer: 'Another answer.' });
    assert.equal(stale.status, 400);
    assert.deepEqual(stale.body.error.list, {
      questionIds: ['were answered already: reload the unanswered questions'],
    });
    assert.equal((await qa()).length, 1);
  });

  test('an API client’s search that finds nothing is listed as unanswered; the console’s own searches are not', async () => {
    const { agent, base } = await newAgent();
    assert.equal(
      (await server.call('POST', `/agents/${agent.id}/search`, { key, body: { query: 'How do I reset my password?' } }))
        .status,
      200,
    );
    assert.equal(
      (await server.call('POST', `/agents/${agent.id}/search`, { key, body: { query: 'sourdough bread' } })).status,
      200,
    );
    assert.equal((await admin('POST', `${base}/search/explain`, { query: 'password reset' })).status, 200);
    const unanswered = await admin('GET', `${base}/insights/unanswered`);
    assert.deepEqual(
      unanswered.body.groups.map((group: { question: string; count: number }) => [group.question, group.count]),
      [['How do I reset my password?', 1]],
    );
    assert.equal(
      (await admin('GET', `${base}/insights/topics`)).body.questions,
      0,
      'topics are what end users ask in chats',
    );
  });

  test('rated-down replies with their comment and question; exports hold exactly the period’s conversations', async () => {
    const { agent, base, chat } = await newAgent();
    const start = clock.now();
    const before = await chat('Before the period: do you sell rye bread?');
    clock.advance(DAY);
    const from = clock.now();
    const first = await chat('Do you have gluten-free bread, "really"?\nAnd cakes, too?');
    const down = await server.call(
      'POST',
      `/agents/${agent.id}/conversations/${first.conversationId}/messages/${first.messageId}/feedback`,
      { key, body: { rating: 'down', comment: 'Wrong, and rude, "sorry"' } },
    );
    assert.equal(down.status, 200, down.text);
    await chat('=SUM(A1:A2) and a follow-up', { conversationId: first.conversationId });
    clock.advance(1_000);
    const second = await chat('When are croissants baked?', { userId: 'user-7' });
    await server.call(
      'POST',
      `/agents/${agent.id}/conversations/${second.conversationId}/messages/${second.messageId}/feedback`,
      { key, body: { rating: 'up' } },
    );
    clock.advance(DAY);
    const to = clock.now();
    const afterPeriod = await chat('After the period');
    const period = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
    // The test clock moved two days: the session of `before` has expired.
    const client = adminClient(server);
    session = await client.signIn('owner@example.com');
    admin = client.as(session);

    const rated = await admin('GET', `${base}/insights/downvoted?${period}`);
    assert.equal(rated.status, 200, JSON.stringify(rated.body));
    assert.deepEqual(
      rated.body.replies.map((r: Record<string, unknown>) => ({ ...r, ratedAt: typeof r.ratedAt })),
      [
        {
          messageId: first.messageId,
          conversationId: first.conversationId,
          question: 'Do you have gluten-free bread, "really"?\nAnd cakes, too?',
          reply: first.reply.content,
          comment: 'Wrong, and rude, "sorry"',
          ratedAt: 'string',
        },
      ],
    );
    assert.equal(
      (
        await admin(
          'GET',
          `${base}/insights/downvoted?from=${new Date(start).toISOString()}&to=${new Date(from).toISOString()}`,
        )
      ).body.replies.length,
      0,
    );

    const jsonl = await fetch(`${server.baseUrl}/api/admin/v1${base}/insights/export?format=jsonl&${period}`, {
      headers: { cookie: session.cookie },
    });
    assert.equal(jsonl.status, 200);
    assert.match(jsonl.headers.get('content-type') ?? '', /^application\/x-ndjson/);
    assert.match(jsonl.headers.get('content-disposition') ?? '', /^attachment; filename="conversations-.*\.jsonl"$/);
    const lines = (await jsonl.text()).split('\n');
    assert.equal(lines.pop(), '', 'ends with a newline');
    const conversations = lines.map((line) => JSON.parse(line));
    assert.deepEqual(
      conversations.map((c) => c.id),
      [first.conversationId, second.conversationId],
      'exactly the period’s, oldest first',
    );
    assert.ok(
      ![before.conversationId, afterPeriod.conversationId].some((id) => conversations.some((c) => c.id === id)),
    );
    assert.equal(conversations[0].messages.length, 4);
    assert.deepEqual(conversations[0].messages[1].feedback.comment, 'Wrong, and rude, "sorry"');
    assert.equal(conversations[1].userId, 'user-7');

    const csv = await fetch(`${server.baseUrl}/api/admin/v1${base}/insights/export?format=csv&${period}`, {
      headers: { cookie: session.cookie },
    });
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    const rows = parseCsv(await csv.text());
    assert.deepEqual(rows[0], [
      'conversation_id',
      'user_id',
      'conversation_created_at',
      'message_id',
      'seq',
      'role',
      'content',
      'tool_calls',
      'feedback_rating',
      'feedback_comment',
      'created_at',
      'author_type',
      'author_name',
    ]);
    const body = rows.slice(1);
    assert.equal(body.length, 6);
    assert.ok(body.every((row) => row.length === 13));
    assert.deepEqual([...new Set(body.map((row) => row[0]))], [first.conversationId, second.conversationId]);
    assert.equal(
      body[0]?.[6],
      'Do you have gluten-free bread, "really"?\nAnd cakes, too?',
      'quotes, commas and line breaks survive',
    );
    assert.equal(body[1]?.[9], 'Wrong, and rude, "sorry"');
    assert.equal(body[2]?.[6], "'=SUM(A1:A2) and a follow-up", 'a formula is defused');
    assert.equal(body[4]?.[1], 'user-7');

    const empty = await fetch(
      `${server.baseUrl}/api/admin/v1${base}/insights/export?format=csv&to=${new Date(start - DAY).toISOString()}`,
      { headers: { cookie: session.cookie } },
    );
    assert.equal((await empty.text()).split('\r\n').length, 2, 'only the header');
    assert.equal(
      (
        await fetch(`${server.baseUrl}/api/admin/v1/accounts/${accountId}/agents/agt_missing/insights/export`, {
          headers: { cookie: session.cookie },
        })
      ).status,
      404,
    );
    assert.equal((await fetch(`${server.baseUrl}/api/admin/v1${base}/insights/export`)).status, 401);
  });
  test('a person’s reply is told apart from the agent’s: rated down, it is listed with its author, and both exports name it', async () => {
    const { agent, base, chat } = await newAgent();
    const asked = await chat('When is the sourdough ready?', { userId: 'visitor-9' });
    const path = `/agents/${agent.id}/conversations/visitor-9`;
    assert.equal((await server.call('POST', `${path}/handoff`, { key })).status, 200);
    const person = await server.call('POST', `${path}/messages`, {
      key,
      body: { content: 'From six, fresh every morning.', authorName: 'Grace' },
    });
    assert.equal(person.status, 200, person.text);
    for (const messageId of [asked.messageId, person.body.message.id])
      await server.call('POST', `${path}/messages/${messageId}/feedback`, { key, body: { rating: 'down' } });

    const rated = await admin('GET', `${base}/insights/downvoted`);
    assert.deepEqual(
      rated.body.replies.map((r: Record<string, unknown>) => [r.messageId, r.author]),
      [
        [person.body.message.id, { type: 'person', name: 'Grace' }],
        [asked.messageId, undefined],
      ],
    );
    const jsonl = await fetch(`${server.baseUrl}/api/admin/v1${base}/insights/export?format=jsonl`, {
      headers: { cookie: session.cookie },
    });
    const [conversation] = (await jsonl.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      conversation.messages.map((m: Record<string, unknown>) => [m.role, m.author]),
      [
        ['user', undefined],
        ['assistant', undefined],
        ['assistant', { type: 'person', name: 'Grace' }],
      ],
    );
    const csv = await fetch(`${server.baseUrl}/api/admin/v1${base}/insights/export?format=csv`, {
      headers: { cookie: session.cookie },
    });
    const [header, ...rows] = parseCsv(await csv.text());
    const column = (name: string) => header!.indexOf(name);
    assert.deepEqual(
      rows.map((row) => [row[column('role')], row[column('author_type')], row[column('author_name')]]),
      [
        ['user', '', ''],
        ['assistant', '', ''],
        ['assistant', 'person', 'Grace'],
      ],
      'the CSV says who wrote a reply, as the JSONL does',
    );
  });
});
