import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeQuery } from '../../text/analyze.ts';
import { knowsNoWordOf } from './rank-passages.ts';

test('a query of non-words the agent does not hold is known to no one; an English word or a held term is', () => {
  assert.equal(knowsNoWordOf(analyzeQuery('zqxj vvwk'), 0), true);
  assert.equal(knowsNoWordOf(analyzeQuery('blorp snazzle'), 0), true);
  // The agent holds one of them (its own name, or what a misspelling is read as).
  assert.equal(knowsNoWordOf(analyzeQuery('trailmaxx gaskt'), 1), false);
  // An English word carries meaning the model knows, whatever the agent holds.
  assert.equal(knowsNoWordOf(analyzeQuery('zqxj waterproofing'), 0), false);
  assert.equal(knowsNoWordOf(analyzeQuery('waterproofing'), 0), false);
});
