import assert from 'node:assert/strict';
import { test } from 'node:test';
import { combinedHarm, combinerFeatures } from './combiner.ts';
import { FIVE_LANGUAGES_WEIGHTS_URL, loadLanguageModel } from './language-model.ts';

// The combiner the moderator uses: the five languages' model's.
const { combiner } = loadLanguageModel(FIVE_LANGUAGES_WEIGHTS_URL);
const harm = (lm: number, care: number, use: number, language = 'ita') =>
  combinedHarm(
    combiner,
    combinerFeatures({ harm: lm, care, category: 'violence' }, { harm: use, category: 'violence' }, 0.68),
    language,
  );

test('the committed combiner leans on both readers and away from care', () => {
  assert.ok(harm(0.9, 0.05, 0.5) > harm(0.3, 0.05, 0.5), 'more harm by the language model');
  assert.ok(harm(0.5, 0.05, 0.9) > harm(0.5, 0.05, 0.3), 'more harm by the classifier');
  assert.ok(harm(0.5, 0.6, 0.6) < harm(0.5, 0.05, 0.6), 'less with care');
  for (const level of ['strict', 'balanced', 'lenient'] as const) assert.ok(combiner.thresholds[level] > 0.3);
  assert.ok(combiner.thresholds.strict <= combiner.thresholds.balanced);
  assert.ok(combiner.thresholds.balanced <= combiner.thresholds.lenient);
});

test('both readers middling refuse together; the classifier alone on its topic does not', () => {
  const { balanced } = combiner.thresholds;
  assert.ok(harm(0.55, 0.1, 0.66) >= balanced, 'each under its own threshold, together harmful');
  assert.ok(harm(0.05, 0.02, 0.78) < balanced, 'an honest message the classifier alone refused');
});

test('a language the combiner was not fitted on gets no offset', () => {
  const features = combinerFeatures(
    { harm: 0.5, care: 0.1, category: 'crime' },
    { harm: 0.5, category: 'crime' },
    0.69,
  );
  assert.equal(combinedHarm({ ...combiner, languages: {} }, features, 'nld'), combinedHarm(combiner, features, 'nld'));
});
