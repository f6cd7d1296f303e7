// Over 300 lines: one local site served once for every case of the crawler's contract; cases are independent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fetcher } from '../../ports/fetcher.ts';
import { createGuardedFetcher, outboundAddressPolicy } from '../../providers/http/guarded-fetcher.ts';
import { serveSite, type ServedSite } from '../../../test/fixtures/site/serve-site.ts';
import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { crawlSite, type CrawlOptions } from './crawl-site.ts';

// Loopback is allowed by exception so the test site can be crawled; every other private address stays refused.
const guarded = createGuardedFetcher(
  outboundAddressPolicy({ allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] }),
);
after(() => guarded.close());

/** The guarded fetcher, noting every URL asked for. */
function recording(): Fetcher & { urls: string[] } {
  const urls: string[] = [];
  return { urls, fetch: (request) => (urls.push(request.url), guarded.fetch(request)), close: async () => undefined };
}

let site: ServedSite;
before(async () => {
  site = await serveSite();
});
after(() => site.close());

function options(overrides: Partial<CrawlOptions> & { startUrl: string }): CrawlOptions {
  return {
    fetcher: guarded,
    isKnown: () => false,
    maxFetches: 50,
    concurrency: 4,
    pageTimeoutMs: 5_000,
    maxPageBytes: 2_000_000,
    userAgent: 'ColloquyBot/1.0 (+https://github.com/colloquy)',
    ...overrides,
  };
}

async function collect(crawl: AsyncGenerator<CrawlOutcome>): Promise<CrawlOutcome[]> {
  const outcomes: CrawlOutcome[] = [];
  for await (const outcome of crawl) outcomes.push(outcome);
  return outcomes;
}

function summary(outcomes: CrawlOutcome[], origin: string): Record<string, string> {
  const entries = outcomes.map((outcome) => [
    outcome.url.replace(origin, ''),
    outcome.kind === 'page' ? 'page' : `${outcome.reason}${outcome.status ? ` ${outcome.status}` : ''}`,
  ]);
  return Object.fromEntries(entries.sort(([a], [b]) => a!.localeCompare(b!)));
}

test('crawls the site: links and the sitemap, robots.txt obeyed, off-site links and private redirects refused', async () => {
  const fetcher = recording();
  const outcomes = await collect(crawlSite(options({ startUrl: `${site.origin}/`, fetcher })));
  assert.deepEqual(summary(outcomes, site.origin), {
    '/': 'page',
    // Another host, private or not, is off the site: it is never asked.
    '/go-private': 'off-site',
    '/hives.html': 'page',
    '/hives.html?b=1': 'page',
    '/honey.html': 'page',
    '/missing.html': 'http-error 404',
    '/price-list.csv': 'not-html',
    '/private/notes.html': 'robots',
    '/seasons.html': 'page',
  });
  assert.equal(outcomes[0]?.url, `${site.origin}/`, 'the start page comes first');
  // Each URL once; nothing off the site, nor the private redirect's target, was ever requested.
  assert.equal(outcomes.length, new Set(outcomes.map((outcome) => outcome.url)).size);
  assert.ok(
    fetcher.urls.every((url) => url.startsWith(site.origin)),
    fetcher.urls.join(' '),
  );
  assert.ok(!site.requests.includes('/private/notes.html'));

  const home = outcomes.find((outcome) => outcome.url === `${site.origin}/`);
  assert.ok(home?.kind === 'page');
  assert.equal(home.title, "Keeping Bees: A Beginner's Notebook");
  assert.ok(home.sections.some((section) => section.text.startsWith('A honey bee colony is a single working unit')));
  assert.ok(!home.sections.some((section) => section.text.includes("Members' notes")), 'navigation is not main text');
  const seasons = outcomes.find((outcome) => outcome.url === `${site.origin}/seasons.html`);
  assert.ok(seasons?.kind === 'page' && seasons.title === 'The Beekeeping Year');
});

test('pages the agent already has are skipped as known, but their links are still followed', async () => {
  const first = await collect(crawlSite(options({ startUrl: site.origin })));
  const known = new Set(first.filter((outcome) => outcome.kind === 'page').map((outcome) => outcome.url));
  const again = await collect(crawlSite(options({ startUrl: site.origin, isKnown: (url) => known.has(url) })));
  assert.equal(again.filter((outcome) => outcome.kind === 'page').length, 0);
  // honey.html is linked only from pages that are known: reaching it proves their links were followed.
  assert.ok(
    again.some(
      (outcome) =>
        outcome.kind === 'skipped' && outcome.reason === 'known' && outcome.url === `${site.origin}/honey.html`,
    ),
  );
  assert.equal(again.filter((outcome) => outcome.kind === 'skipped' && outcome.reason === 'known').length, known.size);
});

test('rules for our own user agent apply: a bot that is disallowed everywhere fetches no page', async () => {
  const outcomes = await collect(crawlSite(options({ startUrl: `${site.origin}/`, userAgent: 'OtherBot/2.0' })));
  assert.ok(outcomes.length > 0);
  assert.ok(outcomes.every((outcome) => outcome.kind === 'skipped' && outcome.reason === 'robots'));
});

test('a start URL that cannot be fetched is a skipped outcome, not an error', async () => {
  assert.deepEqual(await collect(crawlSite(options({ startUrl: 'http://10.0.0.1/' }))), [
    { kind: 'skipped', url: 'http://10.0.0.1/', reason: 'blocked', detail: '10.0.0.1 is not a public address' },
  ]);
  // The redirect's private target is refused by the fetcher's address guard.
  assert.deepEqual(await collect(crawlSite(options({ startUrl: `${site.origin}/go-private` }))), [
    { kind: 'skipped', url: `${site.origin}/go-private`, reason: 'blocked' },
  ]);
  assert.deepEqual(await collect(crawlSite(options({ startUrl: `${site.origin}/missing.html`, maxFetches: 1 }))), [
    { kind: 'skipped', url: `${site.origin}/missing.html`, reason: 'http-error', status: 404 },
  ]);
  assert.deepEqual(
    await collect(crawlSite(options({ startUrl: `${site.origin}/`, maxFetches: 1, maxPageBytes: 500 }))),
    [{ kind: 'skipped', url: `${site.origin}/`, reason: 'too-large' }],
  );
});

test('a redirect on the site is followed and reported under the URL that answered', async () => {
  const outcomes = await collect(crawlSite(options({ startUrl: `${site.origin}/moved`, maxFetches: 1 })));
  assert.deepEqual(
    outcomes.map((outcome) => [outcome.kind, outcome.url]),
    [['page', `${site.origin}/hives.html`]],
  );
});

test('a start URL that redirects to another origin moves the crawl there; later off-site redirects are refused', async () => {
  // Another origin (another port) that sends everything to the test site, as http://site does to https://site.
  const mover = createServer((request, response) =>
    response.writeHead(301, { location: `${site.origin}${request.url}` }).end(),
  );
  await new Promise<void>((resolve) => mover.listen(0, '127.0.0.1', resolve));
  try {
    const moverOrigin = `http://127.0.0.1:${(mover.address() as AddressInfo).port}`;
    const outcomes = await collect(crawlSite(options({ startUrl: `${moverOrigin}/` })));
    assert.equal(outcomes[0]?.kind, 'page', JSON.stringify(outcomes[0]));
    assert.equal(outcomes[0]?.url, `${site.origin}/`);
    assert.ok(outcomes.some((outcome) => outcome.kind === 'page' && outcome.url === `${site.origin}/seasons.html`));
    assert.ok(outcomes.some((outcome) => outcome.kind === 'skipped' && outcome.reason === 'robots'));
    assert.ok(outcomes.every((outcome) => outcome.url.startsWith(site.origin)));
  } finally {
    mover.closeAllConnections();
    mover.close();
  }
});

test('maxFetches bounds the pages requested', async () => {
  const fetcher = recording();
  await collect(crawlSite(options({ startUrl: site.origin, maxFetches: 3, fetcher })));
  const pages = fetcher.urls.filter((url) => !url.endsWith('/robots.txt') && !url.endsWith('/sitemap.xml'));
  assert.equal(pages.length, 3);
});

test('slow pages: the concurrency bound holds and the page time-out skips them', async () => {
  const slow = await serveSite({ delayMs: 150 });
  try {
    const outcomes = await collect(crawlSite(options({ startUrl: slow.origin, concurrency: 2 })));
    assert.ok(outcomes.filter((outcome) => outcome.kind === 'page').length >= 5);
    assert.equal(slow.maxInFlight(), 2);
  } finally {
    await slow.close();
  }
  // Pages far slower than the time-out, which leaves the sitemap (not held back) room to answer in
  // time on a loaded machine: it still seeds pages, and every page times out.
  const slower = await serveSite({ delayMs: 1_500 });
  try {
    const timedOut = await collect(crawlSite(options({ startUrl: slower.origin, pageTimeoutMs: 400 })));
    assert.deepEqual(timedOut[0], {
      kind: 'skipped',
      url: `${slower.origin}/`,
      reason: 'timeout',
      detail: 'it did not answer in time',
    });
    assert.ok(
      timedOut.length > 1 && timedOut.every((outcome) => outcome.kind === 'skipped' && outcome.reason === 'timeout'),
      JSON.stringify(timedOut),
    );
  } finally {
    await slower.close();
  }
});

test('stopping early aborts the requests in flight and starts no more', async () => {
  const slow = await serveSite({ delayMs: 300 });
  try {
    const fetcher = recording();
    const crawl = crawlSite(options({ startUrl: slow.origin, concurrency: 3, fetcher }));
    const first = await crawl.next();
    assert.equal(first.done, false);
    // The start page's links are now being fetched (two pages and the sitemap); wait until the pages reach the server.
    for (let waited = 0; slow.inFlight() < 2; waited += 5) {
      assert.ok(waited < 2_000, 'the crawl did not go on fetching after its first outcome');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const started = performance.now();
    await crawl.return(undefined);
    assert.ok(performance.now() - started < 250, 'return() waited for the pages instead of aborting them');
    // Counted where the crawler asks, not where the server hears: a request sent just before
    // return() may still reach the server a moment later, and is then aborted.
    const asked = fetcher.urls.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(fetcher.urls.length, asked, 'no request after return()');
    assert.equal(slow.inFlight(), 0);
  } finally {
    await slow.close();
  }
});

test('an aborted signal ends the crawl with its reason', async () => {
  // Pages answer only after 5 s: a request still open on the server after the abort would show.
  const slow = await serveSite({ delayMs: 5_000 });
  try {
    const controller = new AbortController();
    const crawl = crawlSite(options({ startUrl: slow.origin, signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await assert.rejects(collect(crawl), /client went away/);
    // The server hears the socket close a moment later (longer on a loaded machine: it flaked at 50 ms).
    for (let waited = 0; slow.inFlight() > 0; waited += 10) {
      assert.ok(waited < 2_000, 'the aborted request is still open on the server');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await slow.close();
  }
});

test('a robots.txt that allows nothing (a 5xx, or Disallow: /) keeps the crawl from guessing /sitemap.xml', async () => {
  for (const robots of [
    { status: 503, body: 'Service Unavailable' },
    { status: 200, body: 'User-agent: *\nDisallow: /\n' },
  ]) {
    const heard: string[] = [];
    const closed = createServer((request, response) => {
      heard.push(request.url ?? '');
      if (request.url === '/robots.txt')
        response.writeHead(robots.status, { 'content-type': 'text/plain' }).end(robots.body);
      else response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Page</title><p>Any page.</p>');
    });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      const outcomes = await collect(crawlSite(options({ startUrl: `${origin}/` })));
      assert.deepEqual(outcomes, [{ kind: 'skipped', url: `${origin}/`, reason: 'robots' }]);
      assert.deepEqual(heard, ['/robots.txt'], `robots.txt answered ${robots.status}`);
    } finally {
      closed.closeAllConnections();
      closed.close();
    }
  }
});

test('a page that says noindex (meta robots or X-Robots-Tag) is skipped; one that says nofollow has its links left alone', async () => {
  const pages: Record<string, { head?: string; header?: string; links: string[] }> = {
    '/': {
      links: ['/meta-noindex', '/header-noindex', '/meta-nofollow', '/header-nofollow', '/none', '/others-only'],
    },
    '/meta-noindex': { head: '<meta name="ROBOTS" content="noindex, follow">', links: ['/a'] },
    '/header-noindex': { header: 'noindex', links: ['/b'] },
    '/meta-nofollow': { head: '<meta name="robots" content="nofollow">', links: ['/c'] },
    '/header-nofollow': { header: 'nofollow', links: ['/d'] },
    '/none': { head: '<meta name="robots" content="none">', links: ['/e'] },
    '/others-only': {
      head: '<meta name="googlebot" content="noindex, nofollow">',
      header: 'otherbot: noindex',
      links: ['/f'],
    },
  };
  const heard: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    heard.push(path);
    const page = pages[path] ?? (/^\/[a-f]$/.test(path) ? { links: [] } : null);
    if (!page) return void response.writeHead(404).end();
    const anchors = page.links.map((link) => `<a href="${link}">${link}</a>`).join(' ');
    response
      .writeHead(200, { 'content-type': 'text/html', ...(page.header && { 'x-robots-tag': page.header }) })
      .end(
        `<html><head><title>Page ${path}</title>${page.head ?? ''}</head><body><p>The text of ${path}.</p>${anchors}</body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const outcomes = await collect(crawlSite(options({ startUrl: `${origin}/` })));
    assert.deepEqual(summary(outcomes, origin), {
      '/': 'page',
      '/a': 'page',
      '/b': 'page',
      '/f': 'page',
      '/header-nofollow': 'page',
      '/header-noindex': 'noindex',
      '/meta-nofollow': 'page',
      '/meta-noindex': 'noindex',
      '/none': 'noindex',
      '/others-only': 'page',
    });
    assert.ok(!heard.includes('/c') && !heard.includes('/d') && !heard.includes('/e'), heard.join(' '));
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('a redirect loop is skipped as redirect-loop, whether it is met from its first URL or from both', async () => {
  const redirects: Record<string, string> = { '/loop1': '/loop2', '/loop2': '/loop1', '/self': '/self' };
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const target = redirects[path];
    if (target) return void response.writeHead(302, { location: target }).end();
    if (path === '/' || path === '/both')
      return void response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          path === '/'
            ? '<html><head><title>Home</title></head><body><p>The home page of a site whose redirects go round.</p><a href="/loop1">one</a> <a href="/self">self</a></body></html>'
            : '<html><head><title>Both</title></head><body><p>A page that links to both ends of the loop.</p><a href="/loop1">one</a> <a href="/loop2">two</a></body></html>',
        );
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    assert.deepEqual(summary(await collect(crawlSite(options({ startUrl: `${origin}/loop1` }))), origin), {
      '/loop1': 'redirect-loop',
    });
    assert.deepEqual(summary(await collect(crawlSite(options({ startUrl: `${origin}/` }))), origin), {
      '/': 'page',
      '/loop1': 'redirect-loop',
      '/self': 'redirect-loop',
    });
    // Both ends linked: the first is a redirect to a page queued anyway; the second closes the loop.
    const both = summary(await collect(crawlSite(options({ startUrl: `${origin}/both`, concurrency: 1 }))), origin);
    assert.equal(both['/both'], 'page');
    assert.ok(Object.values(both).includes('redirect-loop'), JSON.stringify(both));
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
