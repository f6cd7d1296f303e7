// `node scripts/moderation/leave-one-set-out.ts [--sets=fresh-languages-3,…] [--level=balanced] [--reuse]
// [--unseen-model] [--mistakes]`: how the training does on an author it has not read. For each set
// named (every one of TRAINING_SETS and BOUNDARY_SETS by default: fresh-languages 1–7 and 24–37 and the
// help-seekers sets; never a held-out set), the language model and its combiner are trained as train-languages.ts trains them
// (language-training.ts) on everything but that set, and so is the help reader
// (help-reader-training.ts); the whole local moderator is measured on the set with that model, first
// without the help reader, then with the reader trained without the set. English keeps its classifier
// and its own model, as shipped; its care reads the fold's five languages' model for a set the English
// care weights were trained on, the shipped English care weights for a boundary set. A set the options leave out of the language model's training is read by the shipped
// five languages' weights. --unseen-model reads the five languages with the
// English weights instead, which saw none of the sets: no language model to train, the reader alone
// measured. The models are kept in .tmp/leave-one-set-out/ by options (LANGUAGE_MODEL, as for
// train-languages.ts) with their out-of-fold scores; --reuse measures the kept ones again without
// training, and --refit=FOLDER refits only the combiner (options such as `share`) over the
// out-of-fold scores kept in FOLDER.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import type { Strictness } from '../../src/providers/moderation/classifier.ts';
import type { HelpReader } from '../../src/providers/moderation/help-reader.ts';
import {
  ENGLISH_CARE_WEIGHTS_URL,
  FIVE_LANGUAGES_WEIGHTS_URL,
  loadLanguageModel,
  type LanguageModel,
} from '../../src/providers/moderation/language-model.ts';
import {
  languageFigures,
  readLanguageSets,
  sumFigures,
  type Count,
  type LanguageFigures,
} from '../../test/quality/moderation-languages.ts';
import { embedderFor } from '../embed-cached.ts';
import { measuringModerator } from './measuring-moderator.ts';
import { fitCombiner } from './fit-combiner.ts';
import { fitHelpReader, readerOptions } from './help-reader-training.ts';
import {
  allMessages,
  harmThresholdsOf,
  languageModelOf,
  outOfFold,
  trainingOptions,
  type Scored,
} from './language-training.ts';
import { BOUNDARY_SETS, freshSetUrl, TRAINING_SETS, writtenSetsOf } from './training-sets.ts';

const { values } = parseArgs({
  options: {
    sets: { type: 'string' },
    level: { type: 'string', default: 'balanced' },
    reuse: { type: 'boolean', default: false },
    refit: { type: 'string' },
    'unseen-model': { type: 'boolean', default: false },
    mistakes: { type: 'boolean', default: false },
  },
});
const trainedOn = [...new Set([...TRAINING_SETS, ...BOUNDARY_SETS])];
const sets = values.sets?.split(',') ?? trainedOn;
for (const set of sets) if (!trainedOn.includes(set)) throw new Error(`${set} is not a training set`);
const level = values.level as Strictness;
// The five languages' options (train-languages.ts) unless LANGUAGE_MODEL says otherwise.
const spec = `fresh=2,seekers=2,${process.env.LANGUAGE_MODEL ?? ''}`;
const options = trainingOptions(spec);
const tag = spec.replace(/[^\w.=,-]/g, '');
const KEPT = new URL(`../../.tmp/leave-one-set-out/${tag}/`, import.meta.url);
mkdirSync(KEPT, { recursive: true });

const inner = createLocalEmbedder({ workers: 2 });
const unseen = loadLanguageModel();
const shippedEnglishCare = loadLanguageModel(ENGLISH_CARE_WEIGHTS_URL);

async function measure(
  set: string,
  fiveLanguagesModel: LanguageModel,
  helpReader?: HelpReader,
): Promise<LanguageFigures[]> {
  const byLanguage = readLanguageSets(freshSetUrl(set));
  const embedder = await embedderFor(
    inner,
    [...byLanguage.values()].flatMap((messages) => messages.map((m) => m.text)),
  );
  const moderator = measuringModerator(embedder, {
    strictness: level,
    languageModel: unseen,
    fiveLanguagesModel,
    englishCareModel: BOUNDARY_SETS.includes(set) ? shippedEnglishCare : fiveLanguagesModel,
    helpReader,
  });
  const figures: LanguageFigures[] = [];
  for (const messages of byLanguage.values())
    figures.push(languageFigures(messages, await Promise.all(messages.map((m) => moderator.check(m.text)))));
  return figures;
}

const show = (c: Count) => `${c.refused}/${c.total}`;
/** One row: harmful refused per language, then honest, support-seeking, distress refused, care given. */
function row(name: string, langs: readonly string[], figures: readonly LanguageFigures[]): string {
  const all = sumFigures(figures);
  const harmful = figures.map((f, i) => `${langs[i]} ${show(f.harmful)}`).join(' ');
  return `${name}: harmful ${harmful} (${show(all.harmful)}) | honest ${show(all.honest)} | support ${show(all.support)} | distress ${show(all.distress)} | care ${show(all.care)}`;
}

const readerOptionsUsed = readerOptions();
console.log(`options ${JSON.stringify(options)}, reader ${JSON.stringify(readerOptionsUsed)}, level ${level}`);
for (const set of sets) {
  const model = values['unseen-model'] ? unseen : await modelWithout(set);
  const { reader } = await fitHelpReader(inner, readerOptionsUsed, [set]);
  const langs = [...readLanguageSets(freshSetUrl(set)).keys()];
  const before = await measure(set, model);
  const after = await measure(set, model, reader);
  console.log(`[${set}] ${row('no help reader', langs, before)}`);
  console.log(`[${set}] ${row(`reader without it (${reader.threshold})`, langs, after)}`);
  if (values.mistakes) {
    const was = new Set(sumFigures(before).mistakes);
    const now = sumFigures(after).mistakes;
    for (const line of now.filter((m) => !was.has(m))) console.log(`  new: ${line}`);
    for (const line of [...was].filter((m) => !now.includes(m))) console.log(`  gone: ${line}`);
  }
}
await inner.close();

/** The five languages' model trained without `set` (the shipped one for a set it never read). */
async function modelWithout(set: string): Promise<LanguageModel> {
  if (!writtenSetsOf(options).includes(set)) return loadLanguageModel(FIVE_LANGUAGES_WEIGHTS_URL);
  const file = new URL(`${set}.json`, KEPT);
  const scoresFile = new URL(`${set}.out-of-fold.json`, KEPT);
  if (values.refit) {
    const from = new URL(`../../.tmp/leave-one-set-out/${values.refit}/`, import.meta.url);
    const scored = JSON.parse(readFileSync(new URL(`${set}.out-of-fold.json`, from), 'utf8')) as Scored[];
    const model = JSON.parse(readFileSync(new URL(`${set}.json`, from), 'utf8')) as LanguageModel;
    model.combiner = await fitCombiner(scored, harmThresholdsOf(scored).balanced, options.share);
    writeFileSync(file, JSON.stringify(model));
    return model;
  }
  if (values.reuse && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LanguageModel;
  const messages = allMessages(options, [set]);
  const started = Date.now();
  const scored = outOfFold(messages, options);
  writeFileSync(scoresFile, JSON.stringify(scored));
  const model = await languageModelOf(messages, scored, options);
  writeFileSync(file, JSON.stringify(model));
  console.log(`${set}: trained on ${messages.length} messages in ${Math.round((Date.now() - started) / 1000)} s`);
  return model;
}
