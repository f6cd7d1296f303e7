import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSentenceCache, excerptOf, widenAtEdge } from './answer-sentences.ts';

test('a passage whose best sentence is at its edge is widened with the neighbour sentence across it', () => {
  const before = 'Pets are welcome. Dogs need a lead. Cats stay in rooms.';
  const content = 'Cats stay in rooms. The deposit is 50 euros.';
  const after = 'The deposit is 50 euros. It is refunded at check-out. Birds are not allowed.';
  // The overlap (sentences both chunks hold) is skipped: the first new sentence across the edge is added.
  assert.deepEqual(widenAtEdge(content, 1, 2, { before, after }), { content: `${content} It is refunded at check-out.`, after: 'It is refunded at check-out.' });
  assert.deepEqual(widenAtEdge(content, 0, 2, { before, after }), { content: `Dogs need a lead. ${content}`, before: 'Dogs need a lead.' });
  // An answer inside the passage, or no neighbour: the passage as stored.
  assert.deepEqual(widenAtEdge('One. Two. Three.', 1, 3, { before, after }), { content: 'One. Two. Three.' });
  assert.deepEqual(widenAtEdge(content, 1, 2, {}), { content });
});

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
