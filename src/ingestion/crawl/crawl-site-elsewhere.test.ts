// The crawler and pages that name a canonical page or refresh to another: the outcomes it reports
// for them, in order, on a local site.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGuardedFetcher, outboundAddressPolicy } from '../../providers/http/guarded-fetcher.ts';
import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { crawlSite } from './crawl-site.ts';

const guarded = createGuardedFetcher(
  outboundAddressPolicy({ allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] }),
);
after(() => guarded.close());

/** path → its <head> extras and links; any other path is 404. Returns the outcomes as `path reason`. */
async function crawl(
  pages: Record<string, { head?: string; links?: string[] }>,
  options: { start?: string; maxFetches?: number } = {},
): Promise<{ outcomes: string[]; heard: string[] }> {
  const heard: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    heard.push(path);
    const page = pages[path];
    if (!page) return void response.writeHead(404).end();
    const anchors = (page.links ?? []).map((link) => `<a href="${link}">${link}</a>`).join(' ');
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<html><head><title>${path}</title>${page.head ?? ''}</head><body><p>The text of ${path}.</p>${anchors}</body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const outcomes: CrawlOutcome[] = [];
    for await (const outcome of crawlSite({
      startUrl: `${origin}${options.start ?? '/'}`,
      fetcher: guarded,
      isKnown: () => false,
      maxFetches: options.maxFetches ?? 50,
      concurrency: 4,
      pageTimeoutMs: 5_000,
      maxPageBytes: 1_000_000,
      userAgent: 'ColloquyBot/1.0',
    }))
      outcomes.push(outcome);
    const said = (o: CrawlOutcome) => `${o.url.replace(origin, '') || '/'} ${o.kind === 'page' ? 'page' : o.reason}`;
    return {
      outcomes: outcomes.map(said),
      heard: heard.filter((path) => path !== '/robots.txt' && path !== '/sitemap.xml'),
    };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const canonical = (href: string) => ({ head: `<link rel="canonical" href="${href}">` });

test('a start page whose canonical page is missing comes first, indexed as itself; its canonical page is asked for next', async () => {
  const many = Array.from({ length: 12 }, (_, i) => `/p${i}`);
  const { outcomes, heard } = await crawl({
    '/': { ...canonical('/gone'), links: many },
    ...Object.fromEntries(many.map((path) => [path, {}])),
  });
  assert.equal(outcomes[0], '/ page', outcomes.join(', '));
  assert.equal(heard[1], '/gone', 'the canonical page is fetched ahead of the queue');
  assert.deepEqual(outcomes.slice(1).sort(), ['/gone http-error', ...many.map((path) => `${path} page`)].sort());
});

test('a start page whose canonical page is held is skipped as canonical, and still first', async () => {
  const { outcomes } = await crawl(
    { '/print': { ...canonical('/'), links: ['/a'] }, '/': { links: ['/b'] }, '/a': {}, '/b': {} },
    { start: '/print' },
  );
  assert.equal(outcomes[0], '/print canonical');
  assert.deepEqual(outcomes.slice(1).sort(), ['/ page', '/a page', '/b page']);
});

test('canonical links in a loop: one page of the loop is indexed, the other skipped as its copy', async () => {
  const { outcomes } = await crawl({ '/': { links: ['/x'] }, '/x': canonical('/y'), '/y': canonical('/x') });
  assert.deepEqual(outcomes.sort(), ['/ page', '/x canonical', '/y page']);
});

test('a canonical page the crawl never reaches (its fetches used up): the page is indexed as itself', async () => {
  const { outcomes, heard } = await crawl({ '/': canonical('/elsewhere'), '/elsewhere': {} }, { maxFetches: 1 });
  assert.deepEqual(outcomes, ['/ page']);
  assert.deepEqual(heard, ['/']);
});

test('a meta refresh leading to a page queued already is that page: reported once, under its own URL', async () => {
  const { outcomes, heard } = await crawl({
    '/': { links: ['/target', '/stub'] },
    '/stub': { head: '<meta http-equiv="refresh" content="0; url=/target">' },
    '/target': {},
  });
  assert.deepEqual(outcomes.sort(), ['/ page', '/target page']);
  assert.equal(heard.filter((path) => path === '/target').length, 1);
});
