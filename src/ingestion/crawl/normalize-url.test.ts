import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeUrl } from './normalize-url.ts';

test('normalizeUrl lower-cases scheme and host, drops default ports and fragments, sorts the query', () => {
  assert.equal(normalizeUrl('HTTP://Example.COM:80'), 'http://example.com/');
  assert.equal(normalizeUrl('https://example.com:443/Docs/Page#section'), 'https://example.com/Docs/Page');
  assert.equal(normalizeUrl('https://example.com:8443/a/'), 'https://example.com:8443/a/');
  assert.equal(normalizeUrl('https://example.com/a?b=2&a=1&b=1'), 'https://example.com/a?a=1&b=2&b=1');
  assert.equal(normalizeUrl('https://example.com/a?'), 'https://example.com/a');
  assert.equal(normalizeUrl('https://example.com/a'), 'https://example.com/a');
  assert.notEqual(normalizeUrl('https://example.com/a/'), normalizeUrl('https://example.com/a'));
  assert.equal(normalizeUrl('https://www.example.com/'), 'https://www.example.com/');
  assert.throws(() => normalizeUrl('not a url'), TypeError);
});
