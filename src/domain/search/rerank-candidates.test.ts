import { test } from 'node:test';
import assert from 'node:assert/strict';
import { oneSubject, rerankFeatures, rerankModel, rerankScore } from './rerank-candidates.ts';
import type { ModelCalibration } from './calibrate-model.ts';

const USE_LIKE: ModelCalibration = { model: 'a', unrelated: 0.17, paraphrase: 0.46, spread: 0.1, separates: true };
/** The same cosines on a model whose cosines sit in 0.6–0.9: c' = (c + 2) / 3, spread a third. */
const SHIFTED: ModelCalibration = { model: 'b', unrelated: 0.723, paraphrase: 0.82, spread: 0.1 / 3, separates: true };

test('features: ranks among the candidates on each signal and the lead over the runner-up in the model spread', () => {
  const rows = rerankFeatures(
    [
      { semantic: 0.5, keyword: 0, cosine: 0.46, bm25: 0 },
      { semantic: 0.2, keyword: 0.4, cosine: 0.36, bm25: 0.45 },
      { semantic: 0.1, keyword: 0.1, cosine: 0.3, bm25: 0.2 },
    ],
    USE_LIKE,
  );
  assert.deepEqual(rows.map((row) => row[2]), [1, 1 / 2, 1 / 3]);
  assert.deepEqual(rows.map((row) => row[3]), [0, 1, 1 / 2], 'no shared term: no keyword rank');
  assert.ok(Math.abs((rows[0]![4] as number) - 1) < 1e-9 && Math.abs(rows[1]![4] as number) < 1e-9 && (rows[2]![4] as number) < 0);
  assert.deepEqual(rows.map((row) => row.slice(5)), rows.map((row) => [row[2], row[4]]), 'broad knowledge: meaning counts whole');
});

test('on knowledge all on one subject, meaning rank and lead count less', () => {
  assert.equal(oneSubject(0.17, USE_LIKE, 300, 20), 0, 'a background at the unrelated level');
  assert.ok(Math.abs(oneSubject(0.37, USE_LIKE, 300, 20) - 0.5) < 1e-9, 'two spreads above it');
  assert.equal(oneSubject(0.9, USE_LIKE, 300, 20), 1);
  assert.equal(oneSubject(0.9, USE_LIKE, 12, 20), 0, 'a small agent: its mean is mostly its answers');
  assert.equal(oneSubject(0.9, { ...USE_LIKE, separates: false }, 300, 20), 0);
  const [row] = rerankFeatures([{ semantic: 0.5, keyword: 0, cosine: 0.46, bm25: 0 }, { semantic: 0, keyword: 0, cosine: 0.36, bm25: 0 }], USE_LIKE, 0.5);
  assert.deepEqual(row!.slice(5).map((v) => Math.round(v * 1e6) / 1e6), [0.5, 0.5]);
});

test('the lead is read on the model own scale: a second model with the same order gets the same features', () => {
  const at = (calibration: ModelCalibration, map: (c: number) => number) =>
    rerankFeatures([0.46, 0.36, 0.3].map((c) => ({ semantic: 0, keyword: 0, cosine: map(c), bm25: 0 })), calibration).map((row) => row.map((v) => Math.round(v * 1e6) / 1e6));
  assert.deepEqual(at(USE_LIKE, (c) => c), at(SHIFTED, (c) => (c + 2) / 3));
});

test('scores are 0..1 and never fall as a feature rises (the fitted weights are not negative)', () => {
  assert.ok(rerankModel.weights.every((w) => w >= 0));
  const base = [0.3, 0.3, 0.5, 0.5, 0, 0.5, 0];
  for (let i = 0; i < base.length; i += 1) {
    const higher = base.map((v, j) => (j === i ? v + 0.5 : v));
    assert.ok(rerankScore(higher) >= rerankScore(base));
  }
  for (const row of [[0, 0, 0, 0, -50, 0, -50], [1, 1, 1, 1, 50, 1, 50]]) {
    const score = rerankScore(row);
    assert.ok(score >= 0 && score <= 1);
  }
});
