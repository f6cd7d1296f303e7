import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeUrl } from './normalize-url.ts';

test('normalizeUrl lower-cases scheme and host, drops default ports and fragments, sorts the query', () => {
  assert.equal(normalizeUrl('HTTP://Example.COM:80'), 'http://example.com/');
  assert.equal(normalizeUrl('https://example.com:443/Docs/Page#section'), 'https://example.com/Docs/Page');
  assert.equal(normalizeUrl('https://example.com/a?b=2&a=1&b=1'), 'https://example.com/a?a=1&b=2&b=1');
  assert.equal(normalizeUrl('https://example.com/a?'), 'https://example.com/a');
  assert.equal(normalizeUrl('https://example.com/a'), 'https://example.com/a');
  assert.equal(normalizeUrl('https://www.example.com/'), 'https://www.example.com/');
  assert.throws(() => normalizeUrl('not a url'), TypeError);
});

test('normalizeUrl makes the variants of one page one URL', () => {
  const variants = [
    'https://example.com/docs',
    'https://example.com/docs/',
    'https://example.com/docs/index.html',
    'https://example.com/docs/index.htm#top',
    'https://example.com/docs/?utm_source=news&utm_medium=mail',
    'https://example.com/docs?ref=honey',
    'https://example.com/docs/?fbclid=abc&gclid=def',
  ];
  for (const variant of variants) assert.equal(normalizeUrl(variant), 'https://example.com/docs', variant);
  assert.equal(normalizeUrl('https://example.com/index.html'), 'https://example.com/');
  assert.equal(normalizeUrl('https://example.com:8443/a/'), 'https://example.com:8443/a');
  // Parameters that choose content stay; only the tracking ones go.
  assert.equal(
    normalizeUrl('https://example.com/hives.html?b=1&ref=honey&utm_campaign=x'),
    'https://example.com/hives.html?b=1',
  );
  assert.equal(
    normalizeUrl('https://example.com/shop?page=2&referrer=x'),
    'https://example.com/shop?page=2&referrer=x',
  );
});
