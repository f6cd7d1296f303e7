import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { createCanonicalWaits } from './canonical-waits.ts';

/** A page `url` that names `canonical`, and the outcomes reported for it. */
function copy(url: string, canonical: string, reported: string[]) {
  const skip: CrawlOutcome = { kind: 'skipped', url, reason: 'canonical', sameAs: canonical };
  const asItself: CrawlOutcome = {
    kind: 'page',
    url,
    title: url,
    sections: [],
    etag: null,
    lastModified: null,
    links: [],
  };
  return {
    urls: [url],
    canonical,
    skip,
    asItself,
    report: (outcome: CrawlOutcome) => reported.push(`${url} ${outcome.kind === 'page' ? 'page' : outcome.reason}`),
  };
}

test('a copy is skipped once its canonical page is held, and indexed itself when it is not', () => {
  const reported: string[] = [];
  const waits = createCanonicalWaits();
  waits.wait(copy('/print', '/article', reported));
  waits.wait(copy('/broken-print', '/gone', reported));
  assert.deepEqual(reported, [], 'nothing is said before the canonical pages are had');
  waits.settle(['/article'], true);
  waits.settle(['/gone'], false);
  assert.deepEqual(reported, ['/print canonical', '/broken-print page']);
  // A canonical page already settled answers at once.
  waits.wait(copy('/amp', '/article', reported));
  assert.equal(reported.at(-1), '/amp canonical');
});

test('chains follow through; a loop of canonical links is closed by the page that closes it, read as itself', () => {
  const reported: string[] = [];
  const waits = createCanonicalWaits();
  waits.wait(copy('/a', '/b', reported));
  waits.wait(copy('/b', '/c', reported));
  waits.settle(['/c'], false);
  assert.deepEqual(reported, ['/b page', '/a canonical']);

  reported.length = 0;
  waits.wait(copy('/x', '/y', reported));
  waits.wait(copy('/y', '/x', reported));
  assert.deepEqual(reported, ['/y page', '/x canonical']);
  waits.wait(copy('/self', '/self', reported));
  assert.equal(reported.at(-1), '/self page');
});

test('a redirect to a page met otherwise passes the wait on; the end of the crawl reads every waiting page as itself', () => {
  const reported: string[] = [];
  const waits = createCanonicalWaits();
  waits.wait(copy('/print', '/old-article', reported));
  waits.alias('/old-article', '/article');
  waits.settle(['/article'], true);
  assert.deepEqual(reported, ['/print canonical']);
  waits.wait(copy('/never', '/unreached', reported));
  waits.wait(copy('/never-either', '/never', reported));
  waits.drain();
  assert.deepEqual(reported.slice(1).sort(), ['/never page', '/never-either canonical']);
});
