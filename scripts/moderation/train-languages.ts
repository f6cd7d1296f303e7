// `npm run train:moderation-languages` (node scripts/moderation/train-languages.ts): trains the
// moderator's reader of every language (language-training.ts says on what and how) and writes
// src/providers/moderation/language-weights.json, printing the out-of-fold figures per language and
// source first. LANGUAGE_MODEL="bits=17,epochs=25,rate=0.1,l2=0.00001,seed=13,written=2,fresh=0,share=0.04"
// changes the options (fresh=2: the written sets too); --dry-run writes nothing; --combiner-only refits the combiner (and its
// thresholds) over the out-of-fold scores of the last run, without training six models again.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
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

const options = trainingOptions();
const messages = allMessages(options);
console.log(
  `${messages.length} messages: ${LANGUAGE_CLASSES.map((c) => `${c} ${messages.filter((m) => m.label === c).length}`).join(', ')}`,
);
console.log(`options ${JSON.stringify(options)}`);
const OUT_OF_FOLD = new URL('../../.tmp/language-out-of-fold.json', import.meta.url);
if (process.argv.includes('--combiner-only')) {
  const kept = JSON.parse(readFileSync(OUT_OF_FOLD, 'utf8')) as { balanced: number; scored: Scored[] };
  const written = JSON.parse(readFileSync(LANGUAGE_WEIGHTS_URL, 'utf8')) as LanguageModel;
  written.combiner = await fitCombiner(kept.scored, kept.balanced, options.share);
  if (!process.argv.includes('--dry-run')) writeFileSync(LANGUAGE_WEIGHTS_URL, `${JSON.stringify(written, null, 1)}\n`);
  process.exit(0);
}
const scored = outOfFold(messages, options);
const harmThresholds = harmThresholdsOf(scored);
console.log(`thresholds: harm ${JSON.stringify(harmThresholds)}, care ${CARE_THRESHOLD}, ceiling ${CARE_HARM_CEILING}`);
printOutOfFold(scored, harmThresholds.balanced);
mkdirSync(new URL('.', OUT_OF_FOLD), { recursive: true });
writeFileSync(OUT_OF_FOLD, JSON.stringify({ balanced: harmThresholds.balanced, scored }));
const weights = await languageModelOf(messages, scored, options);
if (!process.argv.includes('--dry-run')) {
  writeFileSync(LANGUAGE_WEIGHTS_URL, `${JSON.stringify(weights, null, 1)}\n`);
  console.log(`wrote ${LANGUAGE_WEIGHTS_URL.pathname}`);
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
