import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CrawlRequestContext } from './crawl-context.ts';
import { createCrawlFrontier, onSite } from './crawl-frontier.ts';

const allowAll = { isAllowed: () => true, sitemaps: [] };
// checkHop alone reads robots.txt through the context; these tests never call it.
const frontier = (origin: string) =>
  createCrawlFrontier({} as CrawlRequestContext, { origin, robots: allowAll, maxUrls: 100 });

function drain(crawl: ReturnType<typeof frontier>): string[] {
  const urls: string[] = [];
  for (let url = crawl.next(); url !== undefined; url = crawl.next()) urls.push(url);
  return urls;
}

test('an https site linking to its own pages with http:// (old content) keeps them, over https', () => {
  const crawl = frontier('https://docs.example.org');
  for (const link of [
    'https://docs.example.org/',
    'http://docs.example.org/install',
    'http://docs.example.org:80/faq?x=1',
    'http://docs.example.org/',
    'http://docs.example.org:8080/admin',
    'http://www.docs.example.org/other',
    'https://other.example.org/',
  ])
    crawl.enqueue(link);
  assert.deepEqual(drain(crawl), [
    'https://docs.example.org/',
    'https://docs.example.org/install',
    'https://docs.example.org/faq?x=1',
  ]);
});

test('an http site does not take https links of its host for its own (another origin, another server)', () => {
  const crawl = frontier('http://intranet.example.org');
  crawl.enqueue('http://intranet.example.org/a');
  crawl.enqueue('https://intranet.example.org/b');
  assert.deepEqual(drain(crawl), ['http://intranet.example.org/a']);
  assert.equal(onSite('https://intranet.example.org/b', 'http://intranet.example.org'), null);
  assert.equal(onSite('mailto:team@example.org', 'https://example.org'), null);
  assert.equal(onSite('http://example.org/p', 'https://example.org'), 'https://example.org/p');
});
