import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildAgentIndex } from './agent-index.ts';
import { candidatesOf } from './passage-index.ts';
import { nearestTerm } from './spelling.ts';
import { analyze, analyzeQuery } from '../text/analyze.ts';

const passage = (id: string, text: string) => ({
  id,
  sourceId: id,
  terms: analyze(text).join(' '),
  embedding: Float32Array.of(1, 0),
});
const index = buildAgentIndex(
  [
    passage('a', 'SQLite has no separate boolean storage class; booleans are stored as integers.'),
    passage('b', 'WAL mode does not work over a network filesystem.'),
    passage('c', 'A boolean is true or false. Boolean expressions network the gprof profiler.'),
    passage('d', 'Registering a handler with a configuration object.'),
  ],
  2,
);

test('a term the agent lacks is read as its nearest term: one edit, a swap counted as one', () => {
  assert.equal(nearestTerm(index, 'boolen'), 'boolean');
  assert.equal(nearestTerm(index, 'netwrok'), 'network');
});

test('two edits only for long terms, never a different first letter, nothing for a held term', () => {
  assert.equal(nearestTerm(index, 'fielsystm'), 'filesystem');
  assert.equal(nearestTerm(index, 'netwoork'), 'network');
  assert.equal(nearestTerm(index, 'nteowrk'), undefined);
  assert.equal(nearestTerm(index, 'hndlr'), undefined);
  assert.equal(nearestTerm(index, 'pprof'), undefined);
  assert.equal(nearestTerm(index, 'network'), undefined);
});

test('search reads a misspelt question as the agent spells it, and leaves English words alone', () => {
  const query = analyzeQuery('is there a boolen type');
  const found = candidatesOf(index, { ...query, perSignal: 5 });
  assert.deepEqual(found.candidates.map((c) => c.chunkId).sort(), ['a', 'c']);
  // "bollean" would be corrected; "class" is a word, so "glass" is not read as "class".
  const glass = candidatesOf(index, { ...analyzeQuery('glass'), perSignal: 5 });
  assert.deepEqual(glass.candidates, []);
});
