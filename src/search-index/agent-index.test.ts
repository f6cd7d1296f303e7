import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bm25Scores, buildAgentIndex, vectorScores } from './agent-index.ts';
import { analyze } from '../text/analyze.ts';

const unit = (...values: number[]) => {
  const length = Math.hypot(...values);
  return Float32Array.from(values.map((v) => v / length));
};

const chunks = [
  {
    id: 'c0',
    sourceId: 's',
    terms: analyze('Refunds reach your card within five days').join(' '),
    embedding: unit(1, 0, 0, 0, 0),
  },
  {
    id: 'c1',
    sourceId: 's',
    terms: analyze('Tents must be dried before storage to stop mildew').join(' '),
    embedding: unit(0, 1, 0, 0, 0),
  },
  {
    id: 'c2',
    sourceId: 's',
    terms: analyze('Mildew mildew mildew on tents').join(' '),
    embedding: unit(0, 1, 1, 0, 0),
  },
];

test('BM25 uses the agent’s own statistics, scaled into 0..1', () => {
  const index = buildAgentIndex(chunks, 5);
  const scores = bm25Scores(index, analyze('mildew on tents'));
  assert.equal(scores[0], 0);
  for (const score of [scores[1], scores[2]]) assert.ok(score! > 0 && score! <= 1);
  assert.ok(scores[2]! > scores[1]!, 'more occurrences in a shorter passage rank higher');
  assert.ok(
    bm25Scores(index, analyze('the of and')).every((score) => score === 0),
    'stop words alone match nothing',
  );
});

test('vector scores are cosines of unit vectors, exactly', () => {
  const index = buildAgentIndex(chunks, 5);
  const scores = vectorScores(index, unit(0, 1, 0, 0, 0));
  assert.ok(Math.abs((scores[1] as number) - 1) < 1e-6);
  assert.ok(Math.abs((scores[2] as number) - Math.SQRT1_2) < 1e-6);
  assert.ok(Math.abs(scores[0] as number) < 1e-6);
});
