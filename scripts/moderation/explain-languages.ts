// `node scripts/moderation/explain-languages.ts [--dir=FOLDER] [--split=dev,heldout] [--all]`: for each
// message the moderator gets wrong at `balanced` (every message with --all), which part decided: the
// rules, the language model (harm, care, category), the USE-lite classifier (harm, category; it
// decides in English) and, in the five other languages, the two combined (which decides there).
// A diagnostic for choosing training data and changes; it prints, it decides nothing: the verdict
// (refused, or answered with care) is the moderator's own, the parts are printed beside it.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import { loadClassifierWeights, scoreMessage } from '../../src/providers/moderation/classifier.ts';
import { combinedHarm, combinerFeatures } from '../../src/providers/moderation/combiner.ts';
import { detectLanguage } from '../../src/providers/moderation/detect-language.ts';
import {
  loadReadingModels,
  READ_LANGUAGES,
  readingFor,
  thresholdsModelFor,
} from '../../src/providers/moderation/language-model.ts';
import { classify } from '../../src/providers/moderation/rule-check.ts';
import { LANGUAGES_DIR, readLanguageSets } from '../../test/quality/moderation-languages.ts';
import { embedCached, embedderOver } from '../embed-cached.ts';
import { measuringModerator } from './measuring-moderator.ts';

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const dirOption = option('dir');
const dir = dirOption ? pathToFileURL(`${resolve(dirOption)}/`) : LANGUAGES_DIR;
const sets = readLanguageSets(dir, (option('split') ?? 'dev,heldout').split(','));
const inner = createLocalEmbedder({ workers: 2 });
const messages = [...sets.values()].flat();
const vectors = await embedCached(
  inner,
  messages.map((m) => m.text),
);
const moderator = measuringModerator(embedderOver(inner, vectors), { strictness: 'balanced' });
const weights = loadClassifierWeights();
const models = loadReadingModels();
const f = (x: number) => x.toFixed(2);
for (const m of messages) {
  const rules = classify(m.text);
  const language = detectLanguage(m.text);
  const read = READ_LANGUAGES.has(language);
  // As the moderator reads it (the model whose combiner and thresholds apply, and its reading).
  const model = thresholdsModelFor(models, language);
  const reading = readingFor(models, m.text, language);
  const use = scoreMessage(weights, vectors.get(m.text) as Float32Array, m.text);
  const useFlag = use.harm >= weights.thresholds.balanced[use.category];
  const features = combinerFeatures(reading, use, weights.thresholds.balanced[use.category]);
  const combined = combinedHarm(model.combiner, features, language);
  const lmFlag = read && combined >= model.combiner.thresholds.balanced;
  const verdict = await moderator.check(m.text);
  const { flagged } = verdict;
  const care = verdict.care === true;
  const byRules = rules.flagged;
  const harmful = m.label !== 'safe';
  if (
    !process.argv.includes('--all') &&
    flagged === harmful &&
    (harmful || care || !(m.distress || m.kind === 'support-seeking'))
  )
    continue;
  console.log(
    `${flagged === harmful ? 'ok  ' : 'MISS'} [${m.lang} ${m.label}/${m.kind} ${language}] rules ${byRules ? rules.categories.join(',') : '-'} | lm harm ${f(reading.harm)} care ${f(reading.care)} ${reading.category} | use ${f(use.harm)} ${use.category}${useFlag ? '!' : ''} | combined ${read ? f(combined) : '-'}${lmFlag ? '!' : ''} | ${m.text}`,
  );
}
await inner.close();
