// Over 300 lines: one resource's contract over one local site whose pages change between runs.
// Re-sync of a crawled site against a local site whose pages change between runs, and
// no duplicates: URL variants, canonical links and a repeated file are held once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import { openStore } from '../../src/compose.ts';
import { extractHtml } from '../../src/ingestion/extract/extract-html.ts';
import { characterCount } from '../../src/domain/knowledge/store-source.ts';
import { syncDueSites } from '../../src/domain/sites/sync-due-sites.ts';
import { BUOYS, CRANES, INDEX_V1, INDEX_V2, MOORINGS, page, serveChangingSite } from '../support/changing-site.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/files');

const storageOf = (html: string, url: string) =>
  characterCount(...extractHtml(html, url).sections.map((section) => section.text));

describe('site re-sync and duplicates', () => {
  let server: TestServer;
  let admin: AdminClient;
  before(async () => {
    server = await startTestServer({
      configFile: { ...UNLIMITED_RATE, network: { allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] } },
    });
    admin = adminClient(server);
  });
  after(() => server.close());

  async function setup() {
    const { account, ctx } = await server.seedAccount('pro', 1_000);
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    const email = `owner-${account.id}@example.com`;
    await admin.addUser(account.id, email);
    const as = admin.as(await admin.signIn(email));
    const base = `/accounts/${account.id}/agents/${agent.id}`;
    const storage = async () =>
      (await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.storage.used as number;
    const websites = async () =>
      (await server.call('GET', `/agents/${agent.id}/sources?type=website&size=100`, { key })).body.sources as Array<{
        id: string;
        url: string;
        title: string;
      }>;
    // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
    const events = async () =>
      (await server.deps.store.events.list(account.id, { page: 1, size: 100 })).items
        .filter((e) => e.type.startsWith('source.'))
        .reverse();
    const search = async (query: string) =>
      (await server.call('POST', `/agents/${agent.id}/search`, { key, body: { query, limit: 5 } })).body
        .results as Array<{ content: string; source: { id: string } }>;
    return { account, agent, key, as, base, storage, websites, events, search };
  }

  test('one page edited, one removed (404), one added, one unchanged (304): exact counts, search and storage', async () => {
    const site = serveChangingSite();
    const origin = await site.start();
    try {
      const { agent, key, as, base, storage, websites, events, search } = await setup();
      const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
        key,
        body: { url: `${origin}/` },
      });
      assert.equal(crawl.status, 200, crawl.text);
      assert.equal(crawl.body.added.length, 3);
      const before = await websites();
      const idOf = (list: typeof before, path: string) => list.find((s) => s.url === `${origin}${path}`)?.id;
      assert.equal(
        await storage(),
        storageOf(INDEX_V1, `${origin}/`) + storageOf(BUOYS, origin) + storageOf(CRANES, origin),
      );

      const listed = await as('GET', `${base}/sites`);
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.equal(listed.body.sites.length, 1);
      const siteView = listed.body.sites[0];
      assert.equal(siteView.id, crawl.body.siteId);
      assert.equal(siteView.url, `${origin}/`);
      assert.equal(siteView.pageCount, 3);
      assert.equal(siteView.schedule, 'off');

      site.pages.set('/', INDEX_V2);
      site.pages.delete('/buoys.html');
      site.pages.set('/moorings.html', MOORINGS);
      site.log.length = 0;
      const resync = await as('POST', `${base}/sites/${siteView.id}/resync`);
      assert.equal(resync.status, 200, JSON.stringify(resync.body));
      const { failures, error, ...counts } = resync.body.result;
      assert.deepEqual(counts, { added: 1, updated: 1, removed: 1, unchanged: 1, failed: 0 });
      assert.deepEqual(failures, []);
      assert.equal(error, null);
      assert.ok(
        site.log.some((entry) => entry.path === '/cranes.html' && entry.status === 304),
        'the unchanged page was asked with If-None-Match and answered 304',
      );
      assert.equal(
        site.log.filter((entry) => entry.path === '/cranes.html').length,
        1,
        'a page is asked for once per run',
      );
      assert.equal(resync.body.site.pageCount, 3);
      assert.deepEqual(resync.body.site.lastResult, counts);

      const after = await websites();
      assert.deepEqual(after.map((s) => s.url.replace(origin, '')).sort(), ['/', '/cranes.html', '/moorings.html']);
      assert.equal(idOf(after, '/'), idOf(before, '/'), 'the edited page keeps its source id');
      assert.equal(idOf(after, '/cranes.html'), idOf(before, '/cranes.html'));
      assert.equal(
        await storage(),
        storageOf(INDEX_V2, `${origin}/`) + storageOf(CRANES, origin) + storageOf(MOORINGS, origin),
      );

      const tugboat = await search('tugboat pilots for tankers');
      assert.equal(tugboat[0]?.source.id, idOf(after, '/'));
      assert.match(tugboat[0]?.content ?? '', /tugboat/);
      const current = new Set(after.map((s) => s.id));
      for (const query of ['lighthouse keepers polish the lens', 'red and green buoys mark the channel']) {
        const results = await search(query);
        assert.ok(
          results.every((r) => current.has(r.source.id) && !/lighthouse|buoys/i.test(r.content)),
          `${query}: ${JSON.stringify(results)}`,
        );
      }
      assert.equal((await search('visiting yachts swinging moorings'))[0]?.source.id, idOf(after, '/moorings.html'));

      // The crawl's one source.added, then the removed page's source.deleted and the re-sync's one source.added; an update emits nothing.
      assert.deepEqual(
        (await events()).map((e) => [e.type, e.data.source]),
        [
          ['source.added', `${origin}/`],
          ['source.deleted', `${origin}/buoys.html`],
          ['source.added', `${origin}/`],
        ],
      );

      // Nothing changed since: every page answers 304, and nothing moves.
      const quiet = await as('POST', `${base}/sites/${siteView.id}/resync`);
      assert.deepEqual(
        { ...quiet.body.result, failures: undefined, error: undefined },
        { added: 0, updated: 0, removed: 0, unchanged: 3, failed: 0, failures: undefined, error: undefined },
      );
      assert.equal(
        await storage(),
        storageOf(INDEX_V2, `${origin}/`) + storageOf(CRANES, origin) + storageOf(MOORINGS, origin),
      );
    } finally {
      await site.close();
    }
  });

  test('a page that now says noindex (meta robots or X-Robots-Tag) is removed as a gone page is', async () => {
    const site = serveChangingSite();
    const origin = await site.start();
    try {
      const { agent, key, as, base, storage, websites, events } = await setup();
      const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
        key,
        body: { url: `${origin}/` },
      });
      assert.equal(crawl.status, 200, crawl.text);
      assert.equal(crawl.body.added.length, 3);

      site.pages.set(
        '/buoys.html',
        page('Buoys', 'Buoys are moved this season.', [], '<meta name="robots" content="noindex">'),
      );
      site.headers.set('/cranes.html', { 'x-robots-tag': 'noindex' });
      const resync = await as('POST', `${base}/sites/${crawl.body.siteId}/resync`);
      assert.equal(resync.status, 200, JSON.stringify(resync.body));
      const { failures, error, ...counts } = resync.body.result;
      assert.deepEqual(counts, { added: 0, updated: 0, removed: 2, unchanged: 1, failed: 0 });
      assert.deepEqual([failures, error], [[], null]);
      assert.deepEqual(
        (await websites()).map((s) => s.url),
        [`${origin}/`],
      );
      assert.equal(await storage(), storageOf(INDEX_V1, `${origin}/`), 'their storage is given back');
      assert.deepEqual(
        (await events())
          .filter((e) => e.type === 'source.deleted')
          .map((e) => e.data.source)
          .sort(),
        [`${origin}/buoys.html`, `${origin}/cranes.html`],
      );
    } finally {
      await site.close();
    }
  });

  test('a failing site (500, then down) keeps every page, its storage and its search results', async () => {
    const site = serveChangingSite();
    const origin = await site.start();
    const { agent, key, as, base, storage, websites, search } = await setup();
    const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
      key,
      body: { url: `${origin}/` },
    });
    assert.equal(crawl.status, 200, crawl.text);
    const pagesBefore = await websites();
    const storageBefore = await storage();

    site.setDown(true);
    const failing = await as('POST', `${base}/sites/${crawl.body.siteId}/resync`);
    assert.equal(failing.status, 200, JSON.stringify(failing.body));
    assert.equal(failing.body.result.failed, 3);
    assert.deepEqual([failing.body.result.added, failing.body.result.updated, failing.body.result.removed], [0, 0, 0]);
    assert.ok(failing.body.result.failures.every((f: { status: number }) => f.status === 500));
    assert.match(failing.body.site.lastError, /did not answer/);

    await site.close();
    const gone = await as('POST', `${base}/sites/${crawl.body.siteId}/resync`);
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
    assert.equal(gone.body.result.failed, 3);
    assert.ok(
      gone.body.result.failures.every((f: { reason: string }) => /network|refused|connect/i.test(f.reason)),
      JSON.stringify(gone.body.result.failures),
    );

    assert.deepEqual(await websites(), pagesBefore);
    assert.equal(await storage(), storageBefore);
    assert.match((await search('lighthouse keepers polish the lens'))[0]?.content ?? '', /Lighthouse/);
  });

  test('the lease lets one of two stores run a site; a due schedule runs once; 409 while held', async () => {
    const site = serveChangingSite();
    const origin = await site.start();
    const other = await openStore(server.config);
    try {
      const { account, agent, key, as, base } = await setup();
      const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
        key,
        body: { url: `${origin}/` },
      });
      const siteId = crawl.body.siteId as string;

      const scheduled = await as('PATCH', `${base}/sites/${siteId}`, { schedule: 'daily' });
      assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
      assert.equal(scheduled.body.site.schedule, 'daily');
      const now = server.deps.clock.now();
      assert.ok(Date.parse(scheduled.body.site.nextRunAt) >= now + 23 * 3_600_000);
      assert.equal((await as('PATCH', `${base}/sites/${siteId}`, { schedule: 'hourly' })).status, 400);

      // Due now: two stores (two processes' connections) claim at once; exactly one gets it. The race
      // is between the scheduler's claims, which no route makes: it is played on the store.
      await server.deps.store.sites.setSchedule(account.id, siteId, 'daily', now - 1);
      let tokens = 0;
      const lease = () => ({ token: `lease_${(tokens += 1)}`, until: now + 60_000 });
      const [mine, theirs] = await Promise.all([
        server.deps.store.sites.claimDue(now, 10, lease),
        other.sites.claimDue(now, 10, lease),
      ]);
      assert.equal(mine.length + theirs.length, 1, 'one claim wins');
      const held = [...mine, ...theirs][0];
      assert.ok(held);
      assert.equal(
        await other.sites.claim(siteId, { token: 'lease_late', until: now + 60_000 }, now),
        false,
        'a held lease is not taken',
      );
      const busy = await as('POST', `${base}/sites/${siteId}/resync`);
      assert.equal(busy.status, 409);
      assert.equal(busy.body.error.code, 'SITE_SYNC_RUNNING');
      // An expired lease (its holder died) is taken again.
      assert.equal(await other.sites.claim(siteId, { token: 'lease_next', until: now + 120_000 }, now + 60_001), true);
      await other.sites.finish(
        siteId,
        { token: 'lease_next', until: 0 },
        { at: now, result: null, error: null, nextRunAt: now - 1 },
      );

      // The scheduler's round: due, so it runs once, records the run and moves the next one a day on.
      const round = await syncDueSites(server.deps, 5);
      assert.deepEqual({ synced: round.synced, failed: round.failed.length }, { synced: 1, failed: 0 });
      assert.equal((await syncDueSites(server.deps, 5)).synced, 0, 'not due again until tomorrow');
      const after = (await as('GET', `${base}/sites/${siteId}`)).body.site;
      assert.deepEqual(after.lastResult, { added: 0, updated: 0, removed: 0, unchanged: 3, failed: 0 });
      assert.equal(Date.parse(after.nextRunAt) - Date.parse(after.lastRunAt), 24 * 3_600_000);
      assert.equal(after.running, false);
    } finally {
      await other.close();
      await site.close();
    }
  });

  test('URL variants, canonical links and a repeated crawl are held once, and the answer says why', async () => {
    const site = serveChangingSite();
    site.pages.set(
      '/',
      page('Harbour guide', 'Lighthouse keepers polish the great lens every evening.', [
        '/cranes.html#top',
        '/cranes.html?utm_source=news&utm_medium=mail',
        '/cranes.html?ref=home',
        '/cranes.html?fbclid=abc&gclid=def',
        '/index.html',
        '/copy.html',
        '/print.html',
      ]),
    );
    // The same text under another URL, and a print view that names its canonical page.
    site.pages.set('/copy.html', CRANES);
    site.pages.set(
      '/print.html',
      page('Cranes (print)', 'Printed copy.', [], '<link rel="canonical" href="/cranes.html">'),
    );
    site.pages.set('/index.html', site.pages.get('/') as string);
    const origin = await site.start();
    try {
      const { agent, key, storage, websites } = await setup();
      const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
        key,
        body: { url: `${origin}/?utm_campaign=spring` },
      });
      assert.equal(crawl.status, 200, crawl.text);
      assert.deepEqual((await websites()).map((s) => s.url.replace(origin, '')).sort(), ['/', '/cranes.html']);
      const copy = crawl.body.skipped.find((s: { url: string }) => s.url === `${origin}/copy.html`);
      assert.deepEqual(copy, { url: `${origin}/copy.html`, reason: 'duplicate', sameAs: `${origin}/cranes.html` });
      const print = crawl.body.skipped.find((s: { url: string }) => s.url === `${origin}/print.html`);
      assert.deepEqual(
        print,
        { url: `${origin}/print.html`, reason: 'canonical', sameAs: `${origin}/cranes.html` },
        'a print view is its canonical page, whose own text is held',
      );
      assert.ok(!site.log.some((entry) => entry.path === '/index.html'), '/index.html is / and is not fetched again');
      assert.equal(
        site.log.filter((entry) => entry.path === '/cranes.html').length,
        1,
        'every variant of /cranes.html is one URL',
      );
      const storageOnce = await storage();

      const again = await server.call('POST', `/agents/${agent.id}/sources/website`, {
        key,
        body: { url: `${origin}/index.html?ref=newsletter#top` },
      });
      assert.equal(again.status, 200, again.text);
      assert.deepEqual(again.body.added, []);
      assert.equal(again.body.siteId, crawl.body.siteId, 'the same site: its start URL normalises to the same');
      assert.ok(
        again.body.skipped.some((s: { url: string; reason: string }) => s.url === `${origin}/` && s.reason === 'known'),
      );
      assert.equal(await storage(), storageOnce);
    } finally {
      await site.close();
    }
  });

  test('a page crawled before sites existed joins the site; its first re-sync re-indexes it with exact storage', async () => {
    const site = serveChangingSite();
    const origin = await site.start();
    try {
      const { account, agent, key, as, base, storage, websites } = await setup();
      const { store, ids, clock } = server.deps;
      const legacy = {
        id: ids.next('src'),
        accountId: account.id,
        agentId: agent.id,
        type: 'website' as const,
        title: 'Cranes',
        content: null,
        url: `${origin}/cranes.html`,
        size: null,
        storage: 10,
        createdAt: clock.now(),
      };
      assert.equal(await store.agents.reserveStorage(account.id, agent.id, 10, 1_000_000), true);
      assert.equal(await store.sources.insert(legacy, []), true);

      const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
        key,
        body: { url: `${origin}/` },
      });
      assert.equal(crawl.status, 200, crawl.text);
      assert.equal(crawl.body.added.length, 2, 'the held page is known, not added again');
      assert.equal((await as('GET', `${base}/sites/${crawl.body.siteId}`)).body.site.pageCount, 3);

      const resync = await as('POST', `${base}/sites/${crawl.body.siteId}/resync`);
      assert.deepEqual(
        { ...resync.body.result, failures: undefined, error: undefined },
        { added: 0, updated: 1, removed: 0, unchanged: 2, failed: 0, failures: undefined, error: undefined },
      );
      assert.equal((await websites()).find((s) => s.url === `${origin}/cranes.html`)?.id, legacy.id);
      assert.equal(
        await storage(),
        storageOf(INDEX_V1, `${origin}/`) + storageOf(BUOYS, origin) + storageOf(CRANES, origin),
      );
    } finally {
      await site.close();
    }
  });

  test('the same file again is not stored or charged twice: 200 with the held source and duplicate: true', async () => {
    const { agent, key, storage, events } = await setup();
    const upload = async (name: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const response = await fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/sources/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const bytes = readFileSync(join(FIXTURES, 'tides-utf8.txt'));
    const first = await upload('tides-utf8.txt', bytes);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.duplicate, undefined);
    assert.equal(await storage(), bytes.byteLength);

    const second = await upload('tides (copy).txt', bytes);
    assert.equal(second.status, 200, JSON.stringify(second.body));
    assert.deepEqual(second.body, { success: true, source: first.body.source, duplicate: true });
    // Two at once: one is stored, the other finds it.
    const other = new TextEncoder().encode(
      'Neap tides follow the quarter moons; spring tides follow the new and the full moon.\n',
    );
    const racing = await Promise.all([upload('a.txt', other), upload('b.txt', other)]);
    assert.deepEqual(
      racing.map((r) => r.status),
      [200, 200],
    );
    assert.equal(racing.filter((r) => r.body.duplicate === true).length, 1, JSON.stringify(racing.map((r) => r.body)));
    assert.equal(racing[0]?.body.source.id, racing[1]?.body.source.id);

    assert.equal(await storage(), bytes.byteLength + other.byteLength);
    const files = (await server.call('GET', `/agents/${agent.id}/sources?type=file`, { key })).body.pagination
      .totalSources;
    assert.equal(files, 2);
    assert.equal((await events()).filter((e) => e.type === 'source.added').length, 2);
    // A held file under a name that contradicts its content is still refused.
    const pdf = readFileSync(join(FIXTURES, 'lighthouses.pdf'));
    assert.equal((await upload('lighthouses.pdf', pdf)).status, 200);
    const renamed = await upload('lighthouses.docx', pdf);
    assert.equal(renamed.status, 400);
    assert.equal(renamed.body.error.code, 'INVALID_FILE');
  });
});
