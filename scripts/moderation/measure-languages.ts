// `node scripts/moderation/measure-languages.ts [--dir=FOLDER] [--split=dev,heldout] [--level=balanced]
// [--mistakes]`: the whole local moderator on per-language sets, one file a language (`fr.json`, …;
// both formats of test/quality/moderation-languages.ts), printing per language and overall the
// harmful requests refused, the honest messages refused, the support-seeking and distress messages
// refused, and the care given. FOLDER defaults to test/fixtures/moderation/languages/ (its dev and
// held-out splits; its independent split is never read); for a folder of plain arrays every message
// counts. --level=all prints every strictness level. --help-reader=FILE reads with the help reader
// in FILE instead of the shipped one (help-reader.ts), --help-reader=none without one.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import {
  loadClassifierWeights,
  STRICTNESS_LEVELS,
  type Strictness,
} from '../../src/providers/moderation/classifier.ts';
import {
  describeLanguage,
  languageFigures,
  LANGUAGES_DIR,
  readLanguageSets,
  sumFigures,
  type LanguageFigures,
} from '../../test/quality/moderation-languages.ts';
import { embedderFor } from '../embed-cached.ts';
import { measuringModerator } from './measuring-moderator.ts';
import { helpReaderOption } from './help-reader-training.ts';

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;
const dirOption = option('dir');
const dir = dirOption ? pathToFileURL(`${resolve(dirOption)}/`) : LANGUAGES_DIR;
const splits = (option('split') ?? 'dev,heldout').split(',');
const levelOption = option('level') ?? 'balanced';
const levels: readonly Strictness[] = levelOption === 'all' ? STRICTNESS_LEVELS : [levelOption as Strictness];
const helpReader = helpReaderOption(option('help-reader'));
// --classifier=FILE reads with the classifier weights in FILE (as train-moderation.ts --out writes them).
const classifierFile = option('classifier');
const weights = classifierFile ? loadClassifierWeights(pathToFileURL(resolve(classifierFile))) : undefined;

const sets = readLanguageSets(dir, splits);
// A folder without splits is measured once, whole.
const splitless = [...sets.values()].every((messages) => messages.every((m) => m.split === 'all'));
const inner = createLocalEmbedder({ workers: 2 });
// Every message is embedded once (kept in the training script's cache), then judged at each level.
const embedder = await embedderFor(
  inner,
  [...sets.values()].flatMap((messages) => messages.map((m) => m.text)),
);
console.log(`${dir.pathname} (${splitless ? 'every message' : `splits: ${splits.join(', ')}`})`);
for (const level of levels) {
  const moderator = measuringModerator(embedder, {
    strictness: level,
    ...(helpReader !== undefined && { helpReader }),
    ...(weights && { weights }),
  });
  for (const split of splitless ? ['all'] : splits) {
    const byLanguage: LanguageFigures[] = [];
    for (const [lang, messages] of sets) {
      const chosen = messages.filter((m) => m.split === split);
      if (chosen.length === 0) continue;
      const figures = languageFigures(chosen, await Promise.all(chosen.map((m) => moderator.check(m.text))));
      byLanguage.push(figures);
      console.log(`[${lang} ${split} ${level}] ${describeLanguage(figures)}`);
      if (process.argv.includes('--mistakes')) for (const line of figures.mistakes) console.log(`  ${line}`);
    }
    console.log(`[all ${split} ${level}] ${describeLanguage(sumFigures(byLanguage))}`);
  }
}
await inner.close();
