// `node scripts/moderation/leave-one-set-out.ts [--sets=fresh-languages-3,…] [--level=balanced] [--reuse]`:
// how training on the written sets does on an author it has not read. For each set named (all seven
// by default), the language model and its combiner are trained as train-languages.ts trains them
// (language-training.ts) on everything but that set, and the whole local moderator is measured on it
// twice: with the English weights, which saw none of the sets, in every language, and with the model
// trained without the set for the five languages (English keeps its weights, as shipped). The
// shipped five languages' weights saw every set, so they are no baseline here. The models are kept
// in .tmp/leave-one-set-out/ by options (LANGUAGE_MODEL, as for train-languages.ts) with their
// out-of-fold scores; --reuse measures the kept ones again without training, and --refit=FOLDER
// refits only the combiner (options such as `share`) over the out-of-fold scores kept in FOLDER.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createLocalEmbedder } from '../../src/providers/embedding/local-embedder.ts';
import type { Strictness } from '../../src/providers/moderation/classifier.ts';
import { loadLanguageModel, type LanguageModel } from '../../src/providers/moderation/language-model.ts';
import { createLocalModerator } from '../../src/providers/moderation/local-moderator.ts';
import {
  languageFigures,
  readLanguageSets,
  sumFigures,
  type Count,
  type LanguageFigures,
} from '../../test/quality/moderation-languages.ts';
import { embedCached, embedderOver } from '../embed-cached.ts';
import { fitCombiner } from './fit-combiner.ts';
import {
  allMessages,
  FRESH_SETS,
  freshSetUrl,
  harmThresholdsOf,
  languageModelOf,
  outOfFold,
  trainingOptions,
  type Scored,
} from './language-training.ts';

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? undefined;
const sets = option('sets')?.split(',') ?? FRESH_SETS;
const level = (option('level') ?? 'balanced') as Strictness;
// The written sets weigh as the other per-language messages (fresh=2) unless LANGUAGE_MODEL says otherwise.
const spec = `fresh=2,${process.env.LANGUAGE_MODEL ?? ''}`;
const options = trainingOptions(spec);
const tag = spec.replace(/[^\w.=,-]/g, '');
const KEPT = new URL(`../../.tmp/leave-one-set-out/${tag}/`, import.meta.url);
mkdirSync(KEPT, { recursive: true });

const inner = createLocalEmbedder({ workers: 2 });
const unseen = loadLanguageModel();

async function measure(set: string, fiveLanguagesModel: LanguageModel): Promise<LanguageFigures[]> {
  const byLanguage = readLanguageSets(freshSetUrl(set));
  const known = await embedCached(
    inner,
    [...byLanguage.values()].flatMap((messages) => messages.map((m) => m.text)),
  );
  const embedder = embedderOver(inner, known);
  const moderator = createLocalModerator({
    embedder,
    strictness: level,
    timeoutMs: 1_800_000,
    nonEnglish: 'check',
    languageModel: unseen,
    fiveLanguagesModel,
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

console.log(`options ${JSON.stringify(options)}, level ${level}`);
for (const set of sets) {
  const file = new URL(`${set}.json`, KEPT);
  const scoresFile = new URL(`${set}.out-of-fold.json`, KEPT);
  const refit = option('refit');
  let model: LanguageModel;
  if (refit) {
    const from = new URL(`../../.tmp/leave-one-set-out/${refit}/`, import.meta.url);
    const scored = JSON.parse(readFileSync(new URL(`${set}.out-of-fold.json`, from), 'utf8')) as Scored[];
    model = JSON.parse(readFileSync(new URL(`${set}.json`, from), 'utf8')) as LanguageModel;
    model.combiner = await fitCombiner(scored, harmThresholdsOf(scored).balanced, options.share);
    writeFileSync(file, JSON.stringify(model));
  } else if (process.argv.includes('--reuse') && existsSync(file))
    model = JSON.parse(readFileSync(file, 'utf8')) as LanguageModel;
  else {
    const messages = allMessages(options, [set]);
    const started = Date.now();
    const scored = outOfFold(messages, options);
    writeFileSync(scoresFile, JSON.stringify(scored));
    model = await languageModelOf(messages, scored, options);
    writeFileSync(file, JSON.stringify(model));
    console.log(`${set}: trained on ${messages.length} messages in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const langs = [...readLanguageSets(freshSetUrl(set)).keys()];
  const before = await measure(set, unseen);
  const after = await measure(set, model);
  console.log(`[${set}] ${row('none of the sets', langs, before)}`);
  console.log(`[${set}] ${row('without it', langs, after)}`);
  if (process.argv.includes('--mistakes')) {
    const was = new Set(sumFigures(before).mistakes);
    const now = sumFigures(after).mistakes;
    for (const line of now.filter((m) => !was.has(m))) console.log(`  new: ${line}`);
    for (const line of [...was].filter((m) => !now.includes(m))) console.log(`  gone: ${line}`);
  }
}
await inner.close();
