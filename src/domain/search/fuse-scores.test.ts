import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  RANKING,
  fusedOrder,
  fuseScores,
  keywordTrust,
  scoreParts,
  shownScores,
  type CandidateSignals,
} from './fuse-scores.ts';
import { measureCalibration, type ModelCalibration } from './calibrate-model.ts';
import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';
import { CALIBRATION_PROBES } from './calibration-probes.ts';

const USE_LIKE: ModelCalibration = { model: 'a', unrelated: 0.17, paraphrase: 0.46, spread: 0.1, separates: true };
const at = (cosine: number, matchedIdf = 0, bm25 = matchedIdf > 0 ? 0.5 : 0): CandidateSignals => ({
  cosine,
  bm25,
  matchedIdf,
});
/** The IDF of a term found in `df` of `n` passages. */
const idf = (df: number, n: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

test('either part alone clears the floor, agreement ranks highest, and scores stay in 0..1', () => {
  const semanticOnly = fuseScores(scoreParts(at(0.46), 30, USE_LIKE));
  const keywordOnly = fuseScores(scoreParts(at(0.1, 2 * idf(1, 1500)), 30, USE_LIKE));
  const both = fuseScores(scoreParts(at(0.46, 2 * idf(1, 1500)), 30, USE_LIKE));
  assert.ok(semanticOnly >= RANKING.minimumScore, `a typical paraphrase alone: ${semanticOnly}`);
  assert.ok(keywordOnly >= RANKING.minimumScore, `two rare terms of a large knowledge base alone: ${keywordOnly}`);
  assert.ok(both > semanticOnly && both > keywordOnly);
  assert.ok(
    fuseScores(scoreParts(at(0.17), 30, USE_LIKE)) < RANKING.minimumScore,
    'typical unrelated text stays under the floor',
  );
  for (const signals of [at(1, 40), at(-1), at(0.99, 5), at(0)]) {
    const score = fuseScores(scoreParts(signals, 30, USE_LIKE));
    assert.ok(score >= 0 && score <= 1, `${JSON.stringify(signals)}: ${score}`);
  }
});

test('keyword evidence is information: rare terms of a large knowledge base pass, the same words in a small one do not', () => {
  const large = fuseScores(scoreParts(at(0.17, idf(2, 1500) + idf(4, 1500)), 30, USE_LIKE));
  const small = fuseScores(scoreParts(at(0.17, idf(1, 20) + idf(2, 20)), 30, USE_LIKE));
  assert.ok(large >= RANKING.minimumScore, `two rare terms of 1,500 passages: ${large}`);
  assert.ok(small < RANKING.minimumScore, `two terms of 20 passages: ${small}`);
  assert.equal(scoreParts(at(0.17, 0), 30, USE_LIKE).keyword, 0, 'no shared term, no keyword part');
});

test('a passage holding every informative word of the question passes on keywords in any knowledge base', () => {
  const parking = idf(1, 12);
  assert.ok(
    fuseScores(scoreParts(at(0.17, parking), parking, USE_LIKE)) >= RANKING.minimumScore,
    'all of a one-word question',
  );
  assert.ok(
    fuseScores(scoreParts(at(0.17, parking), 3 * parking, USE_LIKE)) < RANKING.minimumScore,
    'a third of a longer one',
  );
});

test('a model that does not separate meaning is scored on keywords only', () => {
  const flat = { ...USE_LIKE, separates: false };
  assert.equal(scoreParts(at(0.99), 30, flat).semantic, 0);
});

test("the order trusts the keyword ranking as far as the question's words are rare in this knowledge", () => {
  const keywordLeader = at(0.3, 14, 0.9);
  const meaningLeader = at(0.6, 0, 0);
  const middle = at(0.45, 3, 0.2);
  const first = (candidates: CandidateSignals[]) => {
    const values = fusedOrder(candidates);
    return candidates[values.indexOf(Math.max(...values))];
  };
  assert.equal(first([middle, meaningLeader, keywordLeader]), keywordLeader, 'rare shared names lead');
  const weakKeywords = at(0.3, 2.5, 0.9);
  assert.equal(first([middle, meaningLeader, weakKeywords]), meaningLeader, 'common shared words: meaning leads');
  assert.ok(keywordTrust([keywordLeader]) > 0.99 && keywordTrust([weakKeywords]) < 0.1);
  // Both rankings agree: first whatever the trust.
  const both = at(0.7, 14, 1);
  assert.equal(first([keywordLeader, both, meaningLeader]), both);
});

/** A toy model that knows the probes: a question and its passage share one axis (cosine 0.36),
 * each text also has its own; `shift` adds one direction shared by every vector. */
function toyEmbedder(shift: number): EmbeddingProvider {
  const dimension = 128;
  const texts = CALIBRATION_PROBES.flatMap((probe) => [probe.question, probe.passage]);
  const vector = (text: string) => {
    const at = texts.indexOf(text);
    const v = new Float32Array(dimension);
    v[1 + Math.floor(at / 2)] = 0.6;
    v[32 + at] = 0.8;
    v[0] = shift;
    const length = Math.hypot(...v);
    return v.map((x) => x / length);
  };
  return { model: `toy-${shift}`, dimension, embed: async (input) => input.map(vector), close: async () => undefined };
}

test('calibration is measured per model: a shared direction raises every cosine and the scale follows it', async () => {
  const plain = await measureCalibration(toyEmbedder(0));
  const shifted = await measureCalibration(toyEmbedder(2));
  assert.ok(shifted.unrelated > 0.6 && plain.unrelated < 0.2, JSON.stringify({ plain, shifted }));
  assert.ok(plain.separates && shifted.separates);
  // A cosine that is unrelated text for the shifted model is far above any paraphrase of the plain one.
  assert.ok(fuseScores(scoreParts(at(shifted.unrelated), 30, shifted)) < RANKING.minimumScore);
  assert.ok(fuseScores(scoreParts(at(shifted.unrelated), 30, plain)) > 0.9);
});

test('results: as many of the order as are sure, each shown no surer than its own evidence, sorted', () => {
  // Own scores of five candidates in the fused order: three are sure on their own.
  const shown = shownScores([0.47, 0.96, 0.2, 0.44, 0.1], RANKING.minimumScore);
  assert.deepEqual(shown, [0.47, 0.47, 0.3], 'capped by the one above, raised to the floor');
  assert.deepEqual(shownScores([0.2, 0.1], RANKING.minimumScore), [], 'nothing sure, nothing returned');
  assert.deepEqual(shownScores([0.9, 0.5, 0.4], RANKING.minimumScore), [0.9, 0.5, 0.4]);
});
