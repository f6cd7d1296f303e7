// Over 300 lines: one file per resource's contract; cases are independent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/files');

/** Uploads a fixture (or any bytes) the way a browser or curl does: multipart, field `file`. */
async function upload(
  server: TestServer,
  key: string,
  agentId: string,
  name: string,
  bytes?: Uint8Array,
  field = 'file',
) {
  const form = new FormData();
  form.append(field, new Blob([bytes ?? readFileSync(join(FIXTURES, name))]), name);
  const response = await fetch(`${server.baseUrl}/api/v1/agents/${agentId}/sources/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('knowledge sources', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      configFile: {
        ...UNLIMITED_RATE,
        plans: { ...UNLIMITED_RATE.plans, free: { requestsPerMinute: 100_000, storageLimit: 60_000 } },
      },
    });
  });
  after(() => server.close());

  async function setup(plan: 'free' | 'starter' = 'starter') {
    const { account, ctx } = await server.seedAccount(plan);
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    const storage = async () =>
      (await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.storage.used as number;
    // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
    const events = async () =>
      (await server.deps.store.events.list(account.id, { page: 1, size: 100 })).items.filter((e) =>
        e.type.startsWith('source.'),
      );
    return { account, agent, key, storage, events };
  }

  test('text: added, listed with content, counted in storage, searchable, deleted with every chunk', async () => {
    const { agent, key, storage, events } = await setup();
    const added = await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: {
        title: 'Opening hours',
        content: 'Our shop in Leeds is open from 9 am to 6 pm, Monday to Saturday. On Sundays we open at 11 am.',
      },
    });
    assert.equal(added.status, 200, added.text);
    assert.deepEqual(Object.keys(added.body.source).sort(), ['content', 'createdAt', 'id', 'title', 'type']);
    assert.equal(added.body.source.type, 'text');
    assert.match(added.body.source.id, /^src_/);
    assert.equal(
      await storage(),
      'Opening hours'.length +
        'Our shop in Leeds is open from 9 am to 6 pm, Monday to Saturday. On Sundays we open at 11 am.'.length,
    );

    const listed = await server.call('GET', `/agents/${agent.id}/sources`, { key });
    assert.equal(listed.status, 200);
    assert.equal(listed.body.sources[0].content, added.body.source.content);
    assert.deepEqual(listed.body.pagination, {
      totalPages: 1,
      currentPage: 1,
      pagingCounter: 1,
      hasNextPage: false,
      totalSources: 1,
    });

    const found = await server.call('POST', `/agents/${agent.id}/search`, {
      key,
      body: { query: 'When does the Leeds shop open on Sunday?' },
    });
    assert.equal(found.status, 200, found.text);
    assert.equal(found.body.results.length, 1);
    assert.deepEqual(found.body.results[0].source, { id: added.body.source.id, type: 'text', title: 'Opening hours' });
    assert.ok(found.body.results[0].score >= 0.3 && found.body.results[0].score <= 1);

    const deleted = await server.call('DELETE', `/agents/${agent.id}/sources/${added.body.source.id}`, { key });
    assert.deepEqual(deleted.body, { success: true, deleted: true });
    assert.equal(await storage(), 0);
    const again = await server.call('DELETE', `/agents/${agent.id}/sources/${added.body.source.id}`, { key });
    assert.equal(again.status, 404);
    assert.equal(again.body.error.code, 'SOURCE_NOT_FOUND');
    const afterDelete = await server.call('POST', `/agents/${agent.id}/search`, {
      key,
      body: { query: 'When does the Leeds shop open on Sunday?' },
    });
    assert.deepEqual(afterDelete.body.results, []);
    // The rows themselves are gone, not only out of search: no route lists an agent's chunks.
    assert.equal((await server.deps.store.chunks.searchable(agent.id, server.deps.embedder.model)).length, 0);
    assert.deepEqual((await events()).map((e) => [e.type, e.data]).reverse(), [
      ['source.added', { agent: { id: agent.id, name: agent.name }, source: 'Opening hours' }],
      ['source.deleted', { agent: { id: agent.id, name: agent.name }, source: 'Opening hours' }],
    ]);
  });

  test('text and Q&A bounds give 400 INVALID_BODY by field, and store nothing', async () => {
    const { agent, key, storage } = await setup();
    const cases = [
      [`/sources/text`, { title: 'abc', content: 'x' }, 'title'],
      [`/sources/text`, { title: 'a'.repeat(56), content: 'x' }, 'title'],
      [`/sources/text`, { title: 'Fine title', content: 'x'.repeat(1501) }, 'content'],
      [`/sources/qa`, { question: 'Why?', answer: 'y'.repeat(801) }, 'answer'],
      [`/sources/qa`, { question: 'q'.repeat(301), answer: 'ok' }, 'question'],
      [`/sources/qa`, { answer: 'ok' }, 'question'],
    ] as const;
    for (const [path, body, field] of cases) {
      const response = await server.call('POST', `/agents/${agent.id}${path}`, { key, body });
      assert.equal(response.status, 400, `${path} ${JSON.stringify(body)}`);
      assert.equal(response.body.error.code, 'INVALID_BODY');
      assert.ok(response.body.error.list[field], JSON.stringify(response.body.error.list));
    }
    assert.equal(await storage(), 0);
    const ok = await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: { title: 'a'.repeat(55), content: 'é'.repeat(1500) },
    });
    assert.equal(ok.status, 200, 'the bounds count characters, not bytes');
  });

  test('titles are trimmed before their bounds are checked, and stored trimmed', async () => {
    const { agent, key, storage } = await setup();
    const short = await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: { title: '  ab  ', content: 'Some text.' },
    });
    assert.equal(short.status, 400, short.text);
    assert.deepEqual(short.body.error.list, { title: ['must be at least 4 characters'] });
    assert.equal(await storage(), 0);
    const padded = await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: { title: `\t ${'a'.repeat(55)} \n`, content: 'Some text.' },
    });
    assert.equal(padded.status, 200, padded.text);
    assert.equal(padded.body.source.title, 'a'.repeat(55));
    const qa = await server.call('POST', `/agents/${agent.id}/sources/qa`, {
      key,
      body: { question: '  Do you ship to Norway?  ', answer: 'Yes.' },
    });
    assert.equal(qa.status, 200, qa.text);
    assert.equal(qa.body.source.title, 'Do you ship to Norway?');
    const listed = await server.call('GET', `/agents/${agent.id}/sources`, { key });
    assert.deepEqual(listed.body.sources.map((source: { title: string }) => source.title).sort(), [
      'Do you ship to Norway?',
      'a'.repeat(55),
    ]);
  });

  test('Q&A: listed with the question as title and no content; type filter', async () => {
    const { agent, key } = await setup();
    await server.call('POST', `/agents/${agent.id}/sources/qa`, {
      key,
      body: {
        question: 'Do you ship to Norway?',
        answer: 'Yes. Orders to Norway take 4 to 6 working days and include customs fees.',
      },
    });
    await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: { title: 'Returns', content: 'Unworn items can be returned within 30 days.' },
    });
    const qa = await server.call('GET', `/agents/${agent.id}/sources?type=qa`, { key });
    assert.equal(qa.body.sources.length, 1);
    assert.deepEqual(Object.keys(qa.body.sources[0]).sort(), ['createdAt', 'id', 'title', 'type']);
    assert.equal(qa.body.sources[0].title, 'Do you ship to Norway?');
    assert.equal(qa.body.pagination.totalSources, 1);
    const bad = await server.call('GET', `/agents/${agent.id}/sources?type=video`, { key });
    assert.equal(bad.status, 400);
    const found = await server.call('POST', `/agents/${agent.id}/search`, {
      key,
      body: { query: 'delivery time to Norway', limit: 1 },
    });
    assert.equal(found.body.results[0].source.type, 'qa');
  });

  test('storage limit: an add that would pass it → 403 PLAN_LIMIT_REACHED, nothing stored', async () => {
    const { agent, key, storage } = await setup('free'); // 60,000 in this test's config
    const content = 'Lighthouse keepers trimmed wicks and polished lenses every night. '.repeat(22).slice(0, 1450);
    let used = 0;
    for (;;) {
      const response = await server.call('POST', `/agents/${agent.id}/sources/text`, {
        key,
        body: { title: `Entry ${used}`, content },
      });
      if (response.status !== 200) {
        assert.equal(response.status, 403);
        assert.equal(response.body.error.code, 'PLAN_LIMIT_REACHED');
        break;
      }
      used += 1;
    }
    assert.ok(used >= 30 && used <= 42, String(used));
    const before = await storage();
    assert.ok(before <= 60_000);
    const listed = await server.call('GET', `/agents/${agent.id}/sources?size=1`, { key });
    assert.equal(listed.body.pagination.totalSources, used);
    assert.equal(listed.body.pagination.totalPages, used);
  });

  test('search: a query of invisible format characters only is 400 like a blank one, and costs nothing', async () => {
    const { agent, key } = await setup();
    const credits = async () => (await server.call('GET', '/usage', { key })).body.balance.credits as number;
    const before = await credits();
    // Zero-width space, word joiner, zero-width no-break space (BOM), left-to-right mark, soft hyphen; with spaces.
    for (const query of ['\u200b', '\u200b\u200b\u200b', '\u2060 \ufeff', ' \u200e\u00ad ']) {
      const response = await server.call('POST', `/agents/${agent.id}/search`, { key, body: { query } });
      assert.equal(response.status, 400, JSON.stringify(query));
      assert.deepEqual(response.body.error, {
        code: 'INVALID_BODY',
        message: 'The request is invalid.',
        list: { query: ['must not be empty or only spaces'] },
      });
    }
    assert.equal(await credits(), before);
    const visible = await server.call('POST', `/agents/${agent.id}/search`, { key, body: { query: '\u200bshipping' } });
    assert.equal(visible.status, 200, visible.text);
  });

  test('search: bounds, costs 0.2 credits, 402 when short, nothing under 0.3, sorted', async () => {
    const { account, agent, key } = await setup();
    for (const [title, content] of [
      ['Tent care', 'Dry your tent fully before storing it, or mildew will damage the fly sheet and seams.'],
      ['Gift cards', 'Gift cards are valid for five years from purchase and can be used online or in any store.'],
      [
        'Shipping',
        'Standard shipping in the UK takes 2 to 4 working days; express arrives the next day if ordered before 2 pm.',
      ],
    ]) {
      await server.call('POST', `/agents/${agent.id}/sources/text`, { key, body: { title, content } });
    }
    for (const body of [
      {},
      { query: '' },
      { query: '   ' },
      { query: 'x', limit: 0 },
      { query: 'x', limit: 21 },
      { query: 'x', limit: 2.5 },
      { query: 'x', extra: 1 },
    ]) {
      const response = await server.call('POST', `/agents/${agent.id}/search`, { key, body });
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    const usage = async () => (await server.call('GET', '/usage', { key })).body;
    const before = await usage();
    const found = await server.call('POST', `/agents/${agent.id}/search`, {
      key,
      body: { query: 'how many days does UK shipping take', limit: 20 },
    });
    assert.equal(found.body.results[0].source.title, 'Shipping');
    const scores = found.body.results.map((r: { score: number }) => r.score);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
    );
    assert.ok(scores.every((s: number) => s >= 0.3 && s <= 1));
    const unrelated = await server.call('POST', `/agents/${agent.id}/search`, {
      key,
      body: { query: 'what is the capital of Australia' },
    });
    assert.deepEqual(unrelated.body.results, []);
    const afterTwo = await usage();
    assert.equal(
      Math.round((before.balance.credits - afterTwo.balance.credits) * 1000),
      400,
      JSON.stringify(afterTwo.balance),
    );

    const { account: poor, ctx } = await server.seedAccount('starter', 0);
    const poorAgent = await server.seedAgent(ctx);
    const poorKey = await server.seedKey(poor.id);
    const refused = await server.call('POST', `/agents/${poorAgent.id}/search`, {
      key: poorKey,
      body: { query: 'anything' },
    });
    assert.equal(refused.status, 402);
    assert.equal(refused.body.error.code, 'INSUFFICIENT_CREDITS');
    assert.ok(account.id);
  });

  test('files: each fixture gives its answer; failures leave nothing behind', async () => {
    const { agent, key, storage, events } = await setup();
    const cases: Array<[string, number, string | null]> = [
      ['lighthouses.pdf', 200, null],
      ['lighthouses.docx', 200, null],
      ['lighthouses.doc', 200, null],
      ['tides-utf8.txt', 200, null],
      ['tides-utf16le.txt', 200, null],
      ['truncated.pdf', 400, 'INVALID_FILE'],
      ['truncated.docx', 400, 'INVALID_FILE'],
      ['lighthouses-pdf-renamed.docx', 400, 'INVALID_FILE'],
      ['picture-renamed.pdf', 400, 'INVALID_FILE'],
      ['archive-renamed.docx', 400, 'INVALID_FILE'],
      ['blank.pdf', 400, 'INVALID_FILE'],
      ['picture.png', 400, 'FILE_TYPE_NOT_ALLOWED'],
      ['program.exe', 400, 'FILE_TYPE_NOT_ALLOWED'],
      ['lighthouses.html', 400, 'FILE_TYPE_NOT_ALLOWED'],
    ];
    let expectedStorage = 0;
    for (const [name, status, code] of cases) {
      const response = await upload(server, key, agent.id, name);
      assert.equal(response.status, status, `${name}: ${JSON.stringify(response.body)}`);
      if (code) {
        assert.equal(response.body.error.code, code, name);
      } else {
        const size = readFileSync(join(FIXTURES, name)).byteLength;
        // createdAt too, as text, Q&A and website sources answer (and as the list shows it).
        assert.deepEqual(response.body, {
          success: true,
          source: {
            id: response.body.source.id,
            type: 'file',
            title: name,
            size,
            createdAt: response.body.source.createdAt,
          },
        });
        assert.match(response.body.source.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expectedStorage += size;
      }
      assert.equal(await storage(), expectedStorage, name);
    }
    const listed = await server.call('GET', `/agents/${agent.id}/sources?type=file`, { key });
    assert.equal(listed.body.pagination.totalSources, 5);
    assert.ok(
      listed.body.sources.every(
        (s: { size?: number; content?: string }) => typeof s.size === 'number' && s.content === undefined,
      ),
    );
    assert.equal((await events()).length, 5);
    const found = await server.call('POST', `/agents/${agent.id}/search`, {
      key,
      body: { query: 'Fresnel lens', limit: 10 },
    });
    assert.ok(found.body.results.length >= 3, JSON.stringify(found.body));
  });

  test('files: no file → FILE_REQUIRED; over the remaining storage → 413 FILE_TOO_LARGE; full → 403', async () => {
    const { agent, key, storage } = await setup('free'); // 60,000 bytes of storage
    assert.equal(
      (await upload(server, key, agent.id, 'tides-utf8.txt', undefined, 'document')).body.error.code,
      'FILE_REQUIRED',
    );
    const json = await server.call('POST', `/agents/${agent.id}/sources/files`, { key, body: { file: 'x' } });
    assert.equal(json.body.error.code, 'FILE_REQUIRED');
    const big = new Uint8Array(200_000).fill(97);
    const tooLarge = await upload(server, key, agent.id, 'big.txt', big);
    assert.equal(tooLarge.status, 413);
    assert.equal(tooLarge.body.error.code, 'FILE_TOO_LARGE');
    assert.equal(await storage(), 0);
    const fits = await upload(
      server,
      key,
      agent.id,
      'fits.txt',
      new TextEncoder().encode('Tide tables list high and low water. '.repeat(1_620)),
    );
    assert.equal(fits.status, 200, JSON.stringify(fits.body));
    const full = await upload(server, key, agent.id, 'more.txt', new TextEncoder().encode('x'.repeat(2_000)));
    assert.equal(full.status, 413);
    assert.ok((await storage()) <= 60_000);
  });
});
