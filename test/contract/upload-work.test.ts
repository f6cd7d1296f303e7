// Upload work on both engines: storage reserved before extraction (concurrent uploads that
// together pass the limit are refused up front), the extraction queue's 503, and work stopped
// when the client leaves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import type { EmbeddingProvider } from '../../src/ports/embedding-provider.ts';
import { serveSite, type ServedSite } from '../fixtures/site/serve-site.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/files');

/** The real local embedder, recording each call and how it ended. */
function recordingEmbedder() {
  const real = createLocalEmbedder({ workers: 1 });
  const calls: Array<{ texts: number; settled: Promise<'done' | 'aborted'> }> = [];
  const embedder: EmbeddingProvider = {
    model: real.model,
    dimension: real.dimension,
    embed(texts, signal) {
      const work = real.embed(texts, signal);
      calls.push({
        texts: texts.length,
        settled: work.then(
          () => 'done' as const,
          () => 'aborted' as const,
        ),
      });
      return work;
    },
    close: () => real.close(),
  };
  return { embedder, calls };
}

function upload(
  server: TestServer,
  key: string,
  agentId: string,
  bytes: Uint8Array | string,
  filename: string,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  return fetch(`${server.baseUrl}/api/v1/agents/${agentId}/sources/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
    signal,
  });
}

describe(`upload work (${TEST_BACKEND})`, () => {
  let server: TestServer;
  let recorder: ReturnType<typeof recordingEmbedder>;

  before(async () => {
    recorder = recordingEmbedder();
    server = await startTestServer({
      embedder: recorder.embedder,
      configFile: {
        plans: { ...UNLIMITED_RATE.plans, free: { requestsPerMinute: 100_000, storageLimit: 20_000 } },
        extraction: { workers: 2, queue: 100 },
      },
    });
  });
  after(() => server.close());

  async function setup(plan: 'free' | 'business' = 'free') {
    const { account, ctx } = await server.seedAccount(plan);
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    const storage = async () =>
      (await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.storage.used as number;
    return { account, agent, key, storage };
  }

  test('50 concurrent uploads that each fit but together do not: the surplus is refused before extraction', async () => {
    const { agent, key, storage } = await setup();
    const callsBefore = recorder.calls.length;
    // 1,000 bytes each against 20,000 of storage: 20 fit.
    const files = Array.from({ length: 50 }, (_, i) =>
      `Upload ${String(i).padStart(2, '0')}: ${'boats are stored in winter. '.repeat(40)}`.slice(0, 1000),
    );
    const answers = await Promise.all(
      files.map(async (text, i) => {
        const response = await upload(server, key, agent.id, text, `note-${i}.txt`);
        return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
      }),
    );
    const accepted = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 403 && a.body.error?.code === 'PLAN_LIMIT_REACHED').length;
    assert.deepEqual(
      [accepted, refused],
      [20, 30],
      JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 403)),
    );
    assert.equal(await storage(), 20_000, 'storage used is exactly the accepted files');
    assert.equal(
      recorder.calls.length - callsBefore,
      20,
      'only the accepted uploads were embedded: the refusals came first',
    );
  });

  test("with the agent's storage full, a file's 403 PLAN_LIMIT_REACHED carries the same output as a text entry's", async () => {
    const { account, agent, key } = await setup();
    assert.ok(await server.deps.store.agents.reserveStorage(account.id, agent.id, 20_000, 20_000));
    const text = await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: { title: 'One more', content: 'Boats are stored in winter.' },
    });
    assert.equal(text.status, 403, text.text);
    assert.deepEqual(text.body.error.output, { storage: { limit: 20_000 } });
    const file = await upload(server, key, agent.id, 'Boats are stored in winter.', 'boats.txt');
    const body = (await file.json()) as { error: { code: string; output?: unknown } };
    assert.equal(file.status, 403, JSON.stringify(body));
    assert.equal(body.error.code, 'PLAN_LIMIT_REACHED');
    assert.deepEqual(body.error.output, text.body.error.output);
  });

  test('a failed upload gives its reservation back', async () => {
    const { agent, key, storage } = await setup('business');
    const broken = await upload(server, key, agent.id, readFileSync(join(FIXTURES, 'truncated.pdf')), 'truncated.pdf');
    assert.equal(broken.status, 400);
    assert.equal(await storage(), 0);
    const ok = await upload(server, key, agent.id, readFileSync(join(FIXTURES, 'tides-utf8.txt')), 'tides.txt');
    assert.equal(ok.status, 200, await ok.text());
    assert.equal(await storage(), readFileSync(join(FIXTURES, 'tides-utf8.txt')).byteLength);
  });

  test('a client that leaves mid-upload stops its embedding, and its storage is given back', async () => {
    const { agent, key, storage } = await setup('business');
    // ~400 passages: about a minute of embedding on one thread if nothing stopped it.
    const text = Array.from(
      { length: 3_200 },
      (_, i) =>
        `Paragraph ${i} on harbour rules: boats ${i % 7} and moorings ${i % 11} are checked each week by the harbour master.`,
    ).join('\n\n');
    const callsBefore = recorder.calls.length;
    const client = new AbortController();
    const sent = upload(server, key, agent.id, text, 'long.txt', client.signal).catch((error: unknown) => error);
    const deadline = Date.now() + 20_000;
    while (recorder.calls.length === callsBefore && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(recorder.calls.length, callsBefore + 1, 'the embedding started');
    const call = recorder.calls.at(-1)!;
    assert.ok(call.texts > 200, `a long embedding (${call.texts} passages)`);
    client.abort();
    await sent;
    const leftAt = Date.now();
    const outcome = await Promise.race([
      call.settled,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 8_000)),
    ]);
    assert.equal(outcome, 'aborted', 'the embedding stopped when the client left');
    assert.ok(Date.now() - leftAt < 8_000);
    // The reservation is given back once the aborted work unwinds.
    const until = Date.now() + 5_000;
    while ((await storage()) !== 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await storage(), 0, 'nothing stored, storage given back');
    assert.equal((await server.call('GET', `/agents/${agent.id}/sources`, { key })).body.pagination.totalSources, 0);
  });
});

describe(`a full extraction queue (${TEST_BACKEND})`, () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ configFile: { ...UNLIMITED_RATE, extraction: { workers: 1, queue: 1 } } });
  });
  after(() => server.close());

  test('uploads past its places are answered 503 SERVICE_UNAVAILABLE with Retry-After; the others are indexed', async () => {
    const { account, ctx } = await server.seedAccount('business');
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    const pdf = readFileSync(join(FIXTURES, 'lighthouses.pdf'));
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const response = await upload(server, key, agent.id, pdf, 'lighthouses.pdf');
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as { success: boolean; duplicate?: true; error?: { code: string } },
        };
      }),
    );
    const busy = answers.filter((a) => a.status === 503);
    assert.ok(busy.length >= 1, `some uploads found the queue full: ${answers.map((a) => a.status).join(',')}`);
    for (const answer of busy) {
      assert.equal(answer.body.error?.code, 'SERVICE_UNAVAILABLE');
      assert.match(answer.retryAfter ?? '', /^[1-9]\d*$/);
    }
    const accepted = answers.filter((a) => a.status === 200);
    assert.equal(accepted.length + busy.length, answers.length);
    // One file, sent eight times: stored once; the other accepted answers name it as held (duplicate).
    assert.equal(accepted.filter((a) => !a.body.duplicate).length, 1);
    assert.equal((await server.call('GET', `/agents/${agent.id}/sources`, { key })).body.pagination.totalSources, 1);
  });
});

describe(`a crawl whose client leaves (${TEST_BACKEND})`, () => {
  let server: TestServer;
  let site: ServedSite;
  before(async () => {
    site = await serveSite({ delayMs: 300 });
    server = await startTestServer({
      configFile: { ...UNLIMITED_RATE, network: { allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] } },
    });
  });
  after(async () => {
    await server.close();
    await site.close();
  });

  test('stops fetching and indexing; the storage held matches the pages kept', async () => {
    const { account, ctx } = await server.seedAccount('business');
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    const client = new AbortController();
    const crawl = fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/sources/website`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.origin}/` }),
      signal: client.signal,
    }).catch((error: unknown) => error);
    while (site.requests.filter((path) => path.endsWith('.html') || path === '/').length < 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    client.abort();
    await crawl;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const seen = site.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(site.requests.length, seen, 'no more requests to the site once the client left');
    assert.equal(site.inFlight(), 0);
    const listed = await server.call('GET', `/agents/${agent.id}/sources`, { key });
    const kept = listed.body.sources as Array<{ id: string }>;
    // What each source is charged is not in its view; the agent's total is compared with their sum.
    const sources = await Promise.all(
      kept.map((source) => server.deps.store.sources.get(account.id, agent.id, source.id)),
    );
    const used = (await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.storage.used as number;
    assert.equal(
      used,
      sources.reduce((sum, source) => sum + (source?.storage ?? 0), 0),
      'no storage left reserved by the stopped crawl',
    );
  });
});
