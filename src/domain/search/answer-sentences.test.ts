import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSentenceCache, excerptOf } from './answer-sentences.ts';

test('an excerpt is the closest sentences in passage order, an ellipsis where they are apart', () => {
  assert.equal(excerptOf(['A.', 'B.', 'C.', 'D.'], [0.9, 0.1, 0.2, 0.8], 2), 'A. … D.');
  assert.equal(excerptOf(['A.', 'B.', 'C.'], [0.1, 0.7, 0.8], 2), 'B. C.');
});

test('the sentence cache keeps the most recently used passages', () => {
  const cache = createSentenceCache(2);
  const entry = { sentences: [], vectors: [] };
  cache.set('a', entry);
  cache.set('b', entry);
  cache.get('a');
  cache.set('c', entry);
  assert.equal(cache.get('b'), undefined);
  assert.ok(cache.get('a') && cache.get('c'));
});
