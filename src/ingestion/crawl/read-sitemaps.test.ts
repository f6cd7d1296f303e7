import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSitemap } from './read-sitemaps.ts';

test('parseSitemap reads page lists and sitemap indexes, decoding XML entities', () => {
  const urlset = `<?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
      <url><loc> https://site.test/a?x=1&amp;y=2 </loc><lastmod>2025-01-01</lastmod></url>
      <url><loc>https://site.test/b</loc><image:image><image:loc>https://site.test/b.png</image:loc></image:image></url>
      <url><loc>not a url</loc></url>
    </urlset>`;
  assert.deepEqual(parseSitemap(urlset), {
    pages: ['https://site.test/a?x=1&y=2', 'https://site.test/b'],
    sitemaps: [],
  });
  const index = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://site.test/pages.xml</loc></sitemap></sitemapindex>`;
  assert.deepEqual(parseSitemap(index), { pages: [], sitemaps: ['https://site.test/pages.xml'] });
});

test('parseSitemap does not expand DOCTYPE entities', () => {
  const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
    <urlset><url><loc>https://site.test/&lol2;</loc></url></urlset>`;
  const { pages } = parseSitemap(bomb);
  assert.ok(pages.every((page) => !page.includes('lollol')));
});
