import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FUSION, fuseScores, queryCalibration, scoreParts, semanticCosineFloor, sentenceCosine } from './fuse-scores.ts';
import { measureCalibration, type ModelCalibration } from './calibrate-model.ts';
import type { EmbeddingProvider } from '../../ports/embedding-provider.ts';
import { CALIBRATION_PROBES } from './calibration-probes.ts';

const USE_LIKE: ModelCalibration = { model: 'a', unrelated: 0.17, paraphrase: 0.46, spread: 0.1, separates: true };

test('either part alone clears the floor, agreement ranks highest, and scores stay in 0..1', () => {
  const semanticOnly = fuseScores(scoreParts(0.46, 0, USE_LIKE));
  const keywordOnly = fuseScores(scoreParts(0.1, 0.8, USE_LIKE));
  const both = fuseScores(scoreParts(0.46, 0.8, USE_LIKE));
  assert.ok(semanticOnly >= FUSION.minimumScore, `a typical paraphrase alone: ${semanticOnly}`);
  assert.ok(keywordOnly >= FUSION.minimumScore, `a strong keyword match alone: ${keywordOnly}`);
  assert.ok(both > semanticOnly && both > keywordOnly);
  assert.ok(fuseScores(scoreParts(0.17, 0, USE_LIKE)) < FUSION.minimumScore, 'typical unrelated text stays under the floor');
  for (const [cosine, bm25] of [[1, 1], [-1, 0], [0.99, 5], [0, 0]] as const) {
    const score = fuseScores(scoreParts(cosine, bm25, USE_LIKE));
    assert.ok(score >= 0 && score <= 1, `${cosine}, ${bm25}: ${score}`);
  }
});

test('a model that does not separate meaning is scored on keywords only', () => {
  const flat = { ...USE_LIKE, separates: false };
  assert.equal(scoreParts(0.99, 0, flat).semantic, 0);
  assert.equal(semanticCosineFloor(0.3, flat), Infinity);
});

test('the cosine floor is where the semantic part reaches the minimum', () => {
  const floor = semanticCosineFloor(0.3, USE_LIKE);
  assert.ok(Math.abs(scoreParts(floor, 0, USE_LIKE).semantic - 0.3) < 1e-9);
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
  assert.ok(fuseScores(scoreParts(shifted.unrelated, 0, shifted)) < FUSION.minimumScore);
  assert.ok(fuseScores(scoreParts(shifted.unrelated, 0, plain)) > 0.9);
});

test('a knowledge base on one subject lifts the scale by half its background; a small one does not', () => {
  const lifted = queryCalibration(USE_LIKE, 0.37, 40);
  assert.ok(Math.abs(lifted.unrelated - 0.27) < 1e-6 && Math.abs(lifted.paraphrase - 0.56) < 1e-6, JSON.stringify(lifted));
  assert.equal(queryCalibration(USE_LIKE, 0.1, 40), USE_LIKE, 'a background under unrelated text changes nothing');
  assert.equal(queryCalibration(USE_LIKE, 0.37, 5), USE_LIKE, 'five passages: their mean is the ones that answer');
});

test('knowledge all on one subject lifts the scale by a larger share, counted in the model\'s spreads', () => {
  const at = (calibration: ModelCalibration, mean: number) => queryCalibration(calibration, mean, 300).unrelated - calibration.unrelated;
  assert.ok(Math.abs(at(USE_LIKE, 0.32) - 0.075) < 1e-6, '1.5 spreads: half');
  assert.ok(Math.abs(at(USE_LIKE, 0.42) - 0.25 * 0.75) < 1e-6, '2.5 spreads: three quarters');
  assert.ok(Math.abs(at(USE_LIKE, 0.57) - 0.4) < 1e-6, '4 spreads: the whole of it');
  // The same background on a model whose cosines sit in 0.6–0.9 (c' = (c + 2) / 3, spread a third).
  const shifted: ModelCalibration = { model: 'b', unrelated: (0.17 + 2) / 3, paraphrase: (0.46 + 2) / 3, spread: 0.1 / 3, separates: true };
  assert.ok(Math.abs(at(shifted, (0.42 + 2) / 3) - (0.25 * 0.75) / 3) < 1e-6, 'read on the model\'s own scale');
});

test('the best sentence counts half, discounted for the number of sentences in the model\'s spread', () => {
  assert.equal(sentenceCosine(0.3, 0.9, 1, USE_LIKE), 0.3, 'one sentence: the passage cosine');
  assert.ok(Math.abs(sentenceCosine(0.3, 0.5, 4, USE_LIKE) - (0.5 * 0.3 + 0.5 * (0.5 - 0.2 * 0.1 * 2))) < 1e-9);
});
