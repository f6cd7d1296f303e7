import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MODERATION_CATEGORIES } from '../../ports/moderator.ts';
import { jointFlag, scoreMessage, STRICTNESS_LEVELS, type ClassifierWeights, type LinearModel } from './classifier.ts';

const unit = (bias: number, weights: number[]): LinearModel => ({ bias, weights });
const base = { model: 'test', dimension: 2, followUp: unit(0, [0, 0]) } as const;
const thresholds = Object.fromEntries(
  STRICTNESS_LEVELS.map((l) => [l, Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, 0.5]))]),
) as ClassifierWeights['thresholds'];

test('the perceptron scorer: harm is one minus the probability of safe, the category the likeliest of the six', () => {
  // Two hidden units copy the two inputs; the output favours safe on the first and violence on the second.
  const classes = ['safe', ...MODERATION_CATEGORIES] as const;
  const weights: ClassifierWeights = {
    ...base,
    thresholds,
    mlp: {
      classes: [...classes],
      hidden: [unit(0, [1, 0]), unit(0, [0, 1])],
      output: classes.map((c) =>
        c === 'safe' ? unit(0, [4, 0]) : c === 'violence' ? unit(0, [0, 4]) : unit(-2, [0, 0]),
      ),
    },
  };
  const safe = scoreMessage(weights, Float32Array.from([1, 0]), 'a message');
  const harmful = scoreMessage(weights, Float32Array.from([0, 1]), 'a message');
  assert.ok(safe.harm < 0.2, `safe harm ${safe.harm}`);
  assert.ok(harmful.harm > 0.8, `harmful harm ${harmful.harm}`);
  assert.equal(harmful.category, 'violence');
});

test('the logistic scorer still reads weights without a perceptron', () => {
  const categories = Object.fromEntries(
    MODERATION_CATEGORIES.map((c) => [c, c === 'crime' ? unit(0, [0, 3]) : unit(0, [0, -3])]),
  ) as ClassifierWeights['categories'];
  const weights: ClassifierWeights = { ...base, thresholds, harm: unit(-1, [0, 5]), categories };
  const score = scoreMessage(weights, Float32Array.from([0, 1]), 'a message');
  assert.ok(score.harm > 0.9);
  assert.equal(score.category, 'crime');
});

test("the word model blends its log-odds with the scorer's; the category stays the scorer's", () => {
  const categories = Object.fromEntries(
    MODERATION_CATEGORIES.map((c) => [c, c === 'crime' ? unit(0, [0, 3]) : unit(0, [0, -3])]),
  ) as ClassifierWeights['categories'];
  const plain: ClassifierWeights = { ...base, thresholds, harm: unit(0, [0, 0]), categories };
  const bits = 4;
  const leaning = (weight: number): ClassifierWeights => ({
    ...plain,
    words: {
      bits,
      bias: 0,
      weights: Buffer.from(new Float32Array(1 << bits).fill(weight).buffer).toString('base64'),
      blend: 0.5,
    },
  });
  const vector = Float32Array.from([0, 1]);
  assert.equal(scoreMessage(plain, vector, 'any words').harm, 0.5);
  const up = scoreMessage(leaning(2), vector, 'any words');
  const down = scoreMessage(leaning(-2), vector, 'any words');
  assert.ok(up.harm > 0.6 && down.harm < 0.4, `${up.harm} ${down.harm}`);
  assert.equal(up.category, 'crime');
  assert.throws(
    () => scoreMessage({ ...plain, words: { bits, bias: 0, weights: 'AAAA', blend: 0.5 } }, vector, 'x'),
    /expected 64/,
  );
});

test('two classifiers read together: the mean of their margins decides, a self-harm refusal of the first stands alone', () => {
  const at = (threshold: number): ClassifierWeights => ({
    ...base,
    thresholds: Object.fromEntries(
      STRICTNESS_LEVELS.map((l) => [l, Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, threshold]))]),
    ) as ClassifierWeights['thresholds'],
  });
  const first = at(0.5);
  const second = at(0.8);
  // Margins in log-odds: 0.6 over 0.5 is +0.41; 0.7 under 0.8 is -0.54; 0.9 over 0.8 is +0.81.
  const read = (a: number, b: number, categories: ['violence' | 'self-harm', 'crime'] = ['violence', 'crime']) =>
    jointFlag(
      { weights: first, score: { harm: a, category: categories[0] } },
      { weights: second, score: { harm: b, category: categories[1] } },
      'balanced',
    );
  assert.deepEqual(read(0.6, 0.7), [], 'the second, surer below its threshold, outvotes the first');
  assert.deepEqual(read(0.4, 0.9), ['crime'], 'the second, surer above, outvotes the first');
  assert.deepEqual(read(0.6, 0.85), ['violence'], 'the category of the one further above its threshold');
  assert.deepEqual(read(0.6, 0.1, ['self-harm', 'crime']), ['self-harm'], 'the first alone refuses self-harm');
  assert.deepEqual(read(0.4, 0.7, ['self-harm', 'crime']), []);
});
