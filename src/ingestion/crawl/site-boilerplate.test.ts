import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { withoutSiteBoilerplate } from './site-boilerplate.ts';

const page = (url: string, ...texts: string[]): CrawlOutcome => ({
  kind: 'page',
  url,
  title: url,
  sections: texts.map((text) => ({ text, heading: null, page: null })),
  etag: null,
  lastModified: null,
  links: [],
});

async function collect(outcomes: CrawlOutcome[]): Promise<CrawlOutcome[]> {
  async function* source() {
    yield* outcomes;
  }
  const out: CrawlOutcome[] = [];
  for await (const outcome of withoutSiteBoilerplate(source())) out.push(outcome);
  return out;
}

test("a short block on three or more of a site's pages is dropped from all of them, the first pages included", async () => {
  const pages = ['fuel', 'showers', 'moorings', 'office', 'shop', 'cafe'].map((name, i) =>
    page(
      `https://marina.example/${name}`,
      `The ${name} opens at ${7 + i}am every day and closes at 5pm on Sundays.`,
      'Home Fuel dock Showers Moorings',
      `Page last updated on 2026-0${i + 1}-12`,
    ),
  );
  const cleaned = await collect(pages);
  assert.equal(cleaned.length, pages.length);
  for (const [i, outcome] of cleaned.entries()) {
    assert.equal(outcome.kind, 'page');
    if (outcome.kind !== 'page') continue;
    assert.deepEqual(
      outcome.sections.map((section) => section.text),
      [(pages[i] as Extract<CrawlOutcome, { kind: 'page' }>).sections[0]!.text],
    );
  }
});

test('the order of outcomes is kept, skipped pages included, and a small site keeps its text', async () => {
  const outcomes: CrawlOutcome[] = [
    page('https://a.example/', 'Welcome to the harbour.', 'Menu'),
    { kind: 'skipped', url: 'https://a.example/x', reason: 'http-error', status: 404 },
    page('https://a.example/b', 'Buoys mark the channel.', 'Menu'),
  ];
  const cleaned = await collect(outcomes);
  assert.deepEqual(
    cleaned.map((outcome) => outcome.url),
    outcomes.map((outcome) => outcome.url),
  );
  // Two pages are too few to tell chrome from content.
  const first = cleaned[0];
  assert.deepEqual(first?.kind === 'page' && first.sections.map((s) => s.text), ['Welcome to the harbour.', 'Menu']);
});
