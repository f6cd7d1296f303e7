import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addChunks, bm25Scores, buildAgentIndex, removeSources, vectorScores, type AgentIndex } from './agent-index.ts';
import { bestPassages } from './best-passages.ts';
import type { ModelCalibration } from '../domain/search/calibrate-model.ts';
import type { SearchableChunk } from '../ports/knowledge-store.ts';

const DIMENSION = 48;
const WORDS =
  'tent boot refund shipping warranty zipper seam repair rental gift card store canvas sole lace glove rope stove lantern map trail river kayak wool'.split(
    ' ',
  );
const calibration: ModelCalibration = { model: 'test', unrelated: 0.05, paraphrase: 0.6, spread: 0.1, separates: true };

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Unit vectors around a few topics, so cosines spread from unrelated to close. */
function corpus(count: number, random: () => number): SearchableChunk[] {
  const topics = Array.from({ length: 6 }, () => unit(Array.from({ length: DIMENSION }, () => random() - 0.5)));
  return Array.from({ length: count }, (_, i) => {
    const topic = topics[i % topics.length] as Float32Array;
    const embedding = unit(Array.from({ length: DIMENSION }, (_, d) => (topic[d] as number) * 2 + random() - 0.5));
    const terms = Array.from(
      { length: 3 + Math.floor(random() * 12) },
      () => WORDS[Math.floor(random() * random() * WORDS.length)],
    ).join(' ');
    return { id: `chk_${String(i).padStart(5, '0')}`, sourceId: `src_${Math.floor(i / 7)}`, terms, embedding };
  });
}

function unit(values: number[]): Float32Array {
  const length = Math.hypot(...values);
  return Float32Array.from(values.map((value) => value / length));
}

/** Every passage scored exactly, best first, ties by id: what search did before the first pass. */
function exhaustive(
  index: AgentIndex,
  query: Float32Array,
  terms: string[],
  score: (c: number, b: number) => number,
  limit: number,
  floor: number,
  cosineFloor: number,
): Array<{ id: string; score: number }> {
  const lexical = bm25Scores(index, terms);
  const semantic = vectorScores(index, query);
  const scored: Array<{ id: string; score: number }> = [];
  for (let doc = 0; doc < index.slots; doc += 1) {
    if (index.chunkIds[doc] === '' || (lexical[doc] === 0 && (semantic[doc] as number) < cosineFloor)) continue;
    const value = score(semantic[doc] as number, lexical[doc] as number);
    if (value >= floor) scored.push({ id: index.chunkIds[doc] as string, score: value });
  }
  return scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, limit);
}

function fast(
  index: AgentIndex,
  query: Float32Array,
  terms: string[],
  score: (c: number, b: number) => number,
  limit: number,
  floor: number,
  cosineFloor: number,
  bounded?: number,
) {
  const { best } = bestPassages(index, query, bm25Scores(index, terms), score, { limit, floor, cosineFloor, bounded });
  return best.map((entry) => ({ id: index.chunkIds[entry.doc] as string, score: entry.score }));
}

// Scores non-decreasing in both signals, as bestPassages requires: a semantic and a keyword part
// and their noisy-or.
const logistic = (value: number) => 1 / (1 + Math.exp(-value));
const semanticPart = (c: number) =>
  logistic(3 * ((c - calibration.unrelated) / (calibration.paraphrase - calibration.unrelated) - 1));
const keywordPart = (b: number) => (b > 0 ? logistic(10 * (Math.min(1, b) - 0.5)) : 0);
const modes = {
  hybrid: (c: number, b: number) => 1 - (1 - semanticPart(c)) * (1 - keywordPart(b)),
  vector: (c: number, _b: number) => semanticPart(c),
  bm25: (_c: number, b: number) => keywordPart(b),
};
/** The lowest cosine whose semantic part reaches `minimum`. */
const semanticCosineFloor = (minimum: number, cal: ModelCalibration) =>
  cal.unrelated + (1 + Math.log(minimum / (1 - minimum)) / 3) * (cal.paraphrase - cal.unrelated);

test('the int8 first pass with exact rescoring returns exactly what scoring every passage does', () => {
  const random = seeded(7);
  const chunks = corpus(3_000, random);
  const index = buildAgentIndex(chunks, DIMENSION);
  for (let q = 0; q < 40; q += 1) {
    const near = chunks[Math.floor(random() * chunks.length)] as SearchableChunk;
    const query = unit(Array.from(near.embedding, (value) => value + (random() - 0.5) * 0.3));
    const terms = [WORDS[q % WORDS.length] as string, WORDS[(q * 5) % WORDS.length] as string];
    for (const [mode, score] of Object.entries(modes)) {
      for (const [limit, floor] of [
        [5, 0.3],
        [20, 0.3],
        [50, 0.05],
      ] as const) {
        const cosineFloor = mode === 'bm25' ? Infinity : semanticCosineFloor(floor, calibration);
        const expected = exhaustive(index, query, terms, score, limit, floor, cosineFloor);
        // A few passages with a bound of their own and the rest sharing one, then the default.
        for (const bounded of [1, 40, undefined])
          assert.deepEqual(
            fast(index, query, terms, score, limit, floor, cosineFloor, bounded),
            expected,
            `${mode} query ${q} limit ${limit} bounded ${bounded}`,
          );
      }
    }
  }
});

test('an index changed by deltas answers exactly as one rebuilt from the same passages', () => {
  const random = seeded(11);
  const chunks = corpus(2_100, random);
  const index = buildAgentIndex(chunks.slice(0, 1_400), DIMENSION);
  addChunks(index, chunks.slice(1_400, 1_750));
  const deleted = ['src_3', 'src_40', 'src_41', 'src_199', 'src_230'];
  removeSources(index, deleted);
  addChunks(index, chunks.slice(1_750));
  addChunks(index, chunks.slice(1_750, 1_800)); // the same change twice changes nothing
  removeSources(index, ['src_3', 'src_404']);
  // Deleting many sources compacts the slots; the answers stay the same.
  const many = Array.from({ length: 90 }, (_, i) => `src_${100 + i}`);
  removeSources(index, many);
  const gone = new Set([...deleted, ...many]);
  const rebuilt = buildAgentIndex(
    chunks.filter((chunk) => !gone.has(chunk.sourceId)),
    DIMENSION,
  );
  assert.equal(index.live, rebuilt.live);
  assert.equal(index.slots, index.live, 'compacted');
  assert.equal(index.averageLength, rebuilt.averageLength);
  for (let q = 0; q < 30; q += 1) {
    const query = unit(Array.from({ length: DIMENSION }, () => random() - 0.5));
    const terms = [WORDS[q % WORDS.length] as string, WORDS[(q * 3) % WORDS.length] as string, 'nowher'];
    const byId = (target: AgentIndex) => {
      const scores = bm25Scores(target, terms);
      return new Map(target.chunkIds.map((id, doc) => [id, scores[doc]]));
    };
    const ours = byId(index);
    for (const [id, score] of byId(rebuilt)) assert.equal(ours.get(id), score, `BM25 of ${id}`);
    for (const score of Object.values(modes)) {
      const expected = fast(rebuilt, query, terms, score, 10, 0.1, semanticCosineFloor(0.1, calibration));
      // With few passages bounded on their own, the shared bound carries most of the pass.
      for (const bounded of [5, undefined])
        assert.deepEqual(
          fast(index, query, terms, score, 10, 0.1, semanticCosineFloor(0.1, calibration), bounded),
          expected,
        );
    }
  }
});
