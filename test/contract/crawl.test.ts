import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { serveSite, type ServedSite } from '../fixtures/site/serve-site.ts';

const sortById = (sources: Array<{ id: string }>) => [...sources].sort((a, b) => a.id.localeCompare(b.id));

describe('website crawling', () => {
  let server: TestServer;
  let site: ServedSite;
  before(async () => {
    site = await serveSite();
    server = await startTestServer({
      configFile: {
        plans: {
          ...UNLIMITED_RATE.plans,
          starter: { requestsPerMinute: 100_000, crawlPageLimit: 3 },
          pro: { requestsPerMinute: 100_000, crawlPageLimit: 20 },
          business: { requestsPerMinute: 100_000, crawlPageLimit: 100, storageLimit: 2_000 },
        },
        // The local site is allowed by exception; every other private address stays refused.
        network: { allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] },
      },
    });
  });
  after(async () => {
    await server.close();
    await site.close();
  });

  async function setup(plan: 'starter' | 'pro' | 'business') {
    const { account, ctx } = await server.seedAccount(plan);
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
    const events = async () =>
      (await server.deps.store.events.list(account.id, { page: 1, size: 100 })).items.filter(
        (e) => e.type === 'source.added',
      );
    return { agent, key, events };
  }

  test('indexes same-host pages: robots.txt, sitemap, off-host, private redirect, 404 and non-HTML handled; a repeat adds nothing', async () => {
    const { agent, key, events } = await setup('pro');
    const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
      key,
      body: { url: `${site.origin}/` },
    });
    assert.equal(crawl.status, 200, crawl.text);
    const addedUrls = crawl.body.added.map((s: { url: string }) => s.url.replace(site.origin, '')).sort();
    // `/hives.html?b=1&ref=honey` is /hives.html once `ref` (tracking) is dropped and its text compared.
    assert.deepEqual(addedUrls, ['/', '/hives.html', '/honey.html', '/seasons.html']);
    for (const source of crawl.body.added) {
      assert.equal(source.type, 'website');
      assert.ok(source.title.length > 0 && !source.title.startsWith('http'), source.title);
    }
    const reasons = Object.fromEntries(
      crawl.body.skipped.map((s: { url: string; reason: string }) => [s.url.replace(site.origin, ''), s.reason]),
    );
    assert.equal(reasons['/private/notes.html'], 'robots');
    // Its redirect to 10.0.0.1 leaves the site: refused as off-site before any address is asked.
    assert.equal(reasons['/go-private'], 'off-site');
    assert.equal(reasons['/missing.html'], 'http-error');
    assert.equal(reasons['/price-list.csv'], 'not-html');
    assert.equal(reasons['/hives.html?b=1'], 'duplicate');
    assert.equal(
      crawl.body.skipped.find((s: { reason: string }) => s.reason === 'duplicate').sameAs,
      `${site.origin}/hives.html`,
    );
    assert.ok(!site.requests.some((path) => path.includes('example.org')), 'off-host links are never fetched');
    assert.ok(!site.requests.includes('/private/notes.html'), 'a disallowed page is never fetched');

    const listed = await server.call('GET', `/agents/${agent.id}/sources?type=website`, { key });
    assert.equal(listed.body.pagination.totalSources, 4);
    assert.ok(
      listed.body.sources.every(
        (s: { url?: string; content?: string }) => s.url?.startsWith(site.origin) && s.content === undefined,
      ),
    );
    assert.deepEqual(
      (await events()).map((e) => e.data),
      [{ agent: { id: agent.id, name: agent.name }, source: `${site.origin}/` }],
    );

    const storage = (await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.storage.used;
    assert.ok(storage > 500, String(storage));
    const repeat = await server.call('POST', `/agents/${agent.id}/sources/website`, {
      key,
      body: { url: `${site.origin}/` },
    });
    assert.equal(repeat.status, 200);
    assert.deepEqual(repeat.body.added, []);
    assert.ok(repeat.body.skipped.filter((s: { reason: string }) => s.reason === 'known').length >= 4);
    assert.equal((await events()).length, 1, 'a crawl that adds nothing records no event');

    const found = await server.call('POST', `/agents/${agent.id}/search`, {
      key,
      body: { query: 'honey extraction', limit: 3 },
    });
    assert.ok(found.body.results.length > 0);
    assert.equal(found.body.results[0].source.type, 'website');
  });

  test("the plan's page limit stops the crawl with 403 PLAN_LIMIT_REACHED; pages before it stay", async () => {
    const { agent, key, events } = await setup('starter'); // 3 pages in this test's config
    const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
      key,
      body: { url: `${site.origin}/` },
    });
    assert.equal(crawl.status, 403, crawl.text);
    assert.equal(crawl.body.error.code, 'PLAN_LIMIT_REACHED');
    assert.equal(crawl.body.error.output.added.length, 3);
    const listed = await server.call('GET', `/agents/${agent.id}/sources?type=website`, { key });
    assert.equal(listed.body.pagination.totalSources, 3);
    // The pages kept are listed as a successful crawl lists them: the Source resource, and its site;
    // and, as the storage limit's 403 carries `storage.limit`, the limit reached: `pages.limit`.
    assert.deepEqual(
      Object.keys(crawl.body.error.output).sort(),
      ['added', 'pages', 'siteId', 'skipped', 'url'],
      JSON.stringify(crawl.body.error.output),
    );
    assert.deepEqual(crawl.body.error.output.pages, { limit: 3 });
    assert.match(crawl.body.error.output.siteId, /^site_/);
    assert.deepEqual(
      sortById(crawl.body.error.output.added),
      sortById(listed.body.sources),
      'each added page as GET /sources shows it (type, url, createdAt)',
    );
    assert.equal((await events()).length, 1);
    const again = await server.call('POST', `/agents/${agent.id}/sources/website`, {
      key,
      body: { url: `${site.origin}/seasons.html` },
    });
    assert.equal(again.status, 403);
    assert.deepEqual(again.body, {
      success: false,
      error: {
        code: 'PLAN_LIMIT_REACHED',
        message: "This agent already holds the plan's 3 crawled pages.",
        output: { url: `${site.origin}/seasons.html`, added: [], skipped: [], pages: { limit: 3 } },
      },
    });
  });

  test('the storage limit stops a crawl with 403 PLAN_LIMIT_REACHED; the pages indexed before it stay', async () => {
    const { agent, key } = await setup('business'); // 2,000 characters in this test's config
    const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
      key,
      body: { url: `${site.origin}/` },
    });
    assert.equal(crawl.status, 403, crawl.text);
    assert.equal(crawl.body.error.code, 'PLAN_LIMIT_REACHED');
    const listed = await server.call('GET', `/agents/${agent.id}/sources`, { key });
    assert.equal(listed.body.pagination.totalSources, crawl.body.error.output.added.length);
    assert.ok(crawl.body.error.output.added.length > 0, 'some pages fit before the limit');
    assert.deepEqual(sortById(crawl.body.error.output.added), sortById(listed.body.sources));
    // As a text, Q&A or file add's 403: the storage limit that was reached.
    assert.deepEqual(crawl.body.error.output.storage, { limit: 2_000 });
    const used = (await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.storage.used;
    assert.ok(used <= 2_000, String(used));
  });

  test('with Accept: text/event-stream, progress frames, then the result, then the end marker', async () => {
    const { agent, key } = await setup('pro');
    const response = await fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/sources/website`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ url: `${site.origin}/` }),
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.match(response.headers.get('ratelimit-remaining') ?? '', /^\d+$/);
    const text = await response.text();
    assert.ok(text.endsWith('data:\n\n'), 'ends with the empty data: marker');
    const frames = text
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => JSON.parse(frame.slice(6)));
    const last = frames.at(-1);
    assert.equal(last.success, true);
    assert.equal(last.added.length, 4);
    const progress = frames.slice(0, -1).map((frame) => frame.progress);
    assert.ok(progress.length >= 4 && progress.every(Boolean));
    assert.equal(progress.at(-1).added, 4);

    const refused = await fetch(`${server.baseUrl}/api/v1/agents/agt_missing/sources/website`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ url: `${site.origin}/` }),
    });
    assert.equal(refused.status, 404, 'errors before the first page are plain JSON');
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'AGENT_NOT_FOUND');
  });

  test('two crawls of one site at once store each page once, and charge its storage once', async () => {
    const { agent, key } = await setup('pro');
    const crawl = () =>
      server.call('POST', `/agents/${agent.id}/sources/website`, { key, body: { url: `${site.origin}/` } });
    const [first, second] = await Promise.all([crawl(), crawl()]);
    assert.deepEqual([first.status, second.status], [200, 200]);
    assert.equal(first.body.added.length + second.body.added.length, 4);
    const listed = await server.call('GET', `/agents/${agent.id}/sources?type=website`, { key });
    assert.equal(listed.body.pagination.totalSources, 4);
    const used = (await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.storage.used;
    const single = await setup('pro');
    await server.call('POST', `/agents/${single.agent.id}/sources/website`, {
      key: single.key,
      body: { url: `${site.origin}/` },
    });
    assert.equal(
      used,
      (await server.call('GET', `/agents/${single.agent.id}`, { key: single.key })).body.agent.storage.used,
    );
  });

  test('a start URL that is private, redirects to a private address, or is not http(s) → 400 INVALID_BODY', async () => {
    const { agent, key } = await setup('pro');
    for (const url of [
      `${site.origin}/go-private`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'ftp://example.org/',
      'not a url',
    ]) {
      const response = await server.call('POST', `/agents/${agent.id}/sources/website`, { key, body: { url } });
      assert.equal(response.status, 400, `${url}: ${response.text}`);
      assert.equal(response.body.error.code, 'INVALID_BODY');
      assert.ok(response.body.error.list.url, url);
    }
    const listed = await server.call('GET', `/agents/${agent.id}/sources`, { key });
    assert.equal(listed.body.pagination.totalSources, 0);
  });
});
