// `npm run train:moderation-languages` (node scripts/moderation/train-languages.ts): trains the
// moderator's two language models (language-training.ts says on what and how), one after the other,
// and writes their weights in src/providers/moderation/, printing the out-of-fold figures per
// language and source first: language-weights.json (English and any language but the five: without
// the written sets, `fresh=0`) and language-weights-five-languages.json (French, Spanish, German,
// Italian, Portuguese: with the written sets (FRESH_SETS, BOUNDARY_SETS), the help-seekers' sets and ordinary chat,
// `fresh=2,seekers=2,everyday=1`); it gives both committed files byte for byte. --model=english or
// --model=five-languages trains one; LANGUAGE_MODEL="bits=17,epochs=25,rate=0.1,l2=0.00001,seed=13,
// written=2,fresh=0,share=0.04,seekers=0,everyday=0" changes the options on top of each model's;
// --dry-run writes nothing; --combiner-only refits the combiner (and its thresholds) over
// the out-of-fold scores of the last run, without training six models again.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  FIVE_LANGUAGES_WEIGHTS_URL,
  LANGUAGE_CLASSES,
  LANGUAGE_WEIGHTS_URL,
  type LanguageModel,
} from '../../src/providers/moderation/language-model.ts';
import { fitCombiner } from './fit-combiner.ts';
import {
  allMessages,
  CARE_HARM_CEILING,
  CARE_THRESHOLD,
  HARM_CLASSES,
  harmThresholdsOf,
  languageModelOf,
  outOfFold,
  trainingOptions,
  type Scored,
} from './language-training.ts';

/** The two weight files and the options each is trained with. */
const MODELS = {
  english: { url: LANGUAGE_WEIGHTS_URL, spec: 'fresh=0' },
  'five-languages': { url: FIVE_LANGUAGES_WEIGHTS_URL, spec: 'fresh=2,seekers=2,everyday=1' },
} as const;
type ModelName = keyof typeof MODELS;

const chosen = process.argv.find((arg) => arg.startsWith('--model='))?.slice('--model='.length);
if (chosen !== undefined && !(chosen in MODELS)) throw new Error('--model=english or --model=five-languages');
const dryRun = process.argv.includes('--dry-run');
for (const name of chosen ? [chosen as ModelName] : (Object.keys(MODELS) as ModelName[])) {
  const { url, spec } = MODELS[name];
  const options = trainingOptions(`${spec},${process.env.LANGUAGE_MODEL ?? ''}`);
  const outOfFoldFile = new URL(`../../.tmp/language-out-of-fold-${name}.json`, import.meta.url);
  console.log(`== ${name}: options ${JSON.stringify(options)}`);
  if (process.argv.includes('--combiner-only')) {
    const kept = JSON.parse(readFileSync(outOfFoldFile, 'utf8')) as { balanced: number; scored: Scored[] };
    const written = JSON.parse(readFileSync(url, 'utf8')) as LanguageModel;
    written.combiner = await fitCombiner(kept.scored, kept.balanced, options.share);
    if (!dryRun) writeFileSync(url, `${JSON.stringify(written, null, 1)}\n`);
    continue;
  }
  const messages = allMessages(options);
  console.log(
    `${messages.length} messages: ${LANGUAGE_CLASSES.map((c) => `${c} ${messages.filter((m) => m.label === c).length}`).join(', ')}`,
  );
  const scored = outOfFold(messages, options);
  const harmThresholds = harmThresholdsOf(scored);
  console.log(
    `thresholds: harm ${JSON.stringify(harmThresholds)}, care ${CARE_THRESHOLD}, ceiling ${CARE_HARM_CEILING}`,
  );
  printOutOfFold(scored, harmThresholds.balanced);
  mkdirSync(new URL('.', outOfFoldFile), { recursive: true });
  writeFileSync(outOfFoldFile, JSON.stringify({ balanced: harmThresholds.balanced, scored }));
  const weights = await languageModelOf(messages, scored, options);
  if (!dryRun) {
    writeFileSync(url, `${JSON.stringify(weights, null, 1)}\n`);
    console.log(`wrote ${url.pathname}`);
  }
}

/** Out-of-fold figures per language and source at the balanced threshold, then care at other
 * thresholds: what a lower one would answer with care, and how many harmful requests it would let
 * through that way. */
function printOutOfFold(scored: readonly Scored[], balanced: number): void {
  const groups = new Map<string, Scored[]>();
  const addTo = (key: string, s: Scored) => groups.set(key, [...(groups.get(key) ?? []), s]);
  for (const s of scored) {
    addTo(`${s.message.lang}/${s.message.source}`, s);
    addTo(`${s.message.lang}/all`, s);
    if (s.message.source !== 'core') addTo(s.message.lang === 'en' ? 'en-new/all' : 'other-new/all', s);
  }
  const isHarmful = (s: Scored) => HARM_CLASSES.includes(s.message.label);
  const isCaring = (s: Scored) => s.message.label === 'distress' || s.message.label === 'support';
  const cared = (s: Scored) => s.care >= CARE_THRESHOLD && s.harm < CARE_HARM_CEILING;
  const refused = (s: Scored) => s.harm >= balanced && !cared(s);
  for (const [key, group] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const harmful = group.filter(isHarmful);
    const honest = group.filter((s) => !isHarmful(s));
    const caring = group.filter(isCaring);
    console.log(
      `[${key}] harmful refused ${harmful.filter(refused).length}/${harmful.length}, honest refused ${honest.filter(refused).length}/${honest.length}, distress+support cared ${caring.filter(cared).length}/${caring.length}, other honest cared ${honest.filter((s) => !isCaring(s) && cared(s)).length}, harmful cared ${harmful.filter(cared).length}`,
    );
  }
  for (const [name, group] of [
    ['other languages', scored.filter((s) => s.message.lang !== 'en')],
    ['English', scored.filter((s) => s.message.lang === 'en')],
  ] as const) {
    const line = [0.3, 0.35, 0.4, 0.45, 0.5].map((t) => {
      const given = group.filter((s) => s.care >= t && s.harm < CARE_HARM_CEILING);
      const caring = given.filter(isCaring).length;
      const harmful = given.filter(isHarmful).length;
      return `${t}: ${caring} caring, ${harmful} harmful, ${given.length - caring - harmful} other`;
    });
    console.log(`care by threshold, ${name}: ${line.join('; ')}`);
  }
}
