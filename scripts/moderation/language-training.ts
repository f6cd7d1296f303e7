// The training of the moderator's reader of every language (src/providers/moderation/language-model.ts),
// shared by train-languages.ts (the shipped weights) and leave-one-set-out.ts (the same training
// without one written set, measured on it). Its messages: the classifier's hand-written training
// data (test/fixtures/moderation/train, English and other languages), the per-language training
// messages of test/fixtures/moderation/train-languages/ (`label | kind | text`, with the labels
// distress and support), the dev split of test/fixtures/moderation/languages/, and, with the option
// `fresh` above 0 (the five languages' weights; not the English ones, whose care did not hold, round
// nine's note), the written sets of FRESH_SETS and BOUNDARY_SETS and, with `seekers` above 0, the help-seekers'
// sets of HELP_SEEKER_SETS (a harmful message in its category, support-seeking as support,
// distress as distress, every other honest message safe). Five-fold cross-validation first:
// each message is scored by a model that never saw it, which chooses the thresholds and fits the
// combiner of this model and the USE-lite classifier (fit-combiner.ts); then one model on
// everything. AdaGrad over the messages in a seeded order: the same messages give the same weights.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import {
  LANGUAGE_CLASSES,
  languageSlots,
  slotProbabilities,
  type LanguageClass,
  type LanguageModel,
} from '../../src/providers/moderation/language-model.ts';
import { LANGUAGES_DIR, readLanguageSets } from '../../test/quality/moderation-languages.ts';
import { LANGUAGES } from './dev-report.ts';
import { fitCombiner } from './fit-combiner.ts';
import { seededRandom, shuffleInPlace } from './augment.ts';
import { coreExamples, type Example } from './training-data.ts';
import { EVERYDAY_SETS, freshSetUrl, HELP_SEEKER_SETS, judgesThresholds, writtenSetsOf } from './training-sets.ts';

export interface Message {
  text: string;
  label: LanguageClass;
  lang: string;
  source: 'core' | 'written' | 'languages-dev' | 'fresh' | 'seekers' | 'everyday';
}

export interface TrainingOptions {
  bits: number;
  epochs: number;
  rate: number;
  l2: number;
  seed: number;
  /** Weight of the per-language messages against the mostly English core. */
  written: number;
  /** Weight of the written sets' messages (FRESH_SETS, BOUNDARY_SETS); 0 leaves them out (the English weights; the five
   * languages' are trained with 2). */
  fresh: number;
  /** Share of the combiner's honest messages refused at `balanced` (out of fold). */
  share: number;
  /** Weight of the help-seekers' sets (HELP_SEEKER_SETS); 0 leaves them out. */
  seekers: number;
  /** Weight of the ordinary chat sets (EVERYDAY_SETS), read as safe; 0 leaves them out. */
  everyday: number;
}

/** The defaults, changed by LANGUAGE_MODEL="bits=17,epochs=25,rate=0.1,l2=0.00001,seed=13,…". */
export function trainingOptions(spec = process.env.LANGUAGE_MODEL ?? ''): TrainingOptions {
  return {
    bits: 17,
    epochs: 25,
    rate: 0.1,
    l2: 0.00001,
    seed: 13,
    written: 2,
    fresh: 0,
    share: 0.04,
    seekers: 0,
    everyday: 0,
    ...numberOptions(spec),
  };
}

/** "bits=17,epochs=25" as { bits: 17, epochs: 25 }: a training's options from its variable. */
export function numberOptions(spec: string): Record<string, number> {
  return Object.fromEntries(
    spec
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('='))
      .map(([key, value]) => [key, Number(value)]),
  );
}

const FIXTURES = new URL('../../test/fixtures/moderation/', import.meta.url);
const WRITTEN = new URL('train-languages/', FIXTURES);
const CLASSES = LANGUAGE_CLASSES as readonly string[];
export const HARM_CLASSES = CLASSES.slice(3);

export function writtenMessages(): Message[] {
  const messages: Message[] = [];
  for (const file of readdirSync(WRITTEN).filter((name) => name.endsWith('.txt'))) {
    const lang = file.split('.')[0] as string;
    for (const line of readFileSync(new URL(file, WRITTEN), 'utf8').split('\n')) {
      if (line.trim() === '' || line.startsWith('#')) continue;
      const [label, , text] = line.split(' | ').map((part) => part.trim());
      if (!label || !text || !CLASSES.includes(label))
        throw new Error(`${file}: expected "label | kind | text": ${line}`);
      messages.push({ text, label: label as LanguageClass, lang, source: 'written' });
    }
  }
  return messages;
}

export function freshMessages(set: string): Message[] {
  const source = HELP_SEEKER_SETS.includes(set) ? 'seekers' : EVERYDAY_SETS.includes(set) ? 'everyday' : 'fresh';
  return [...readLanguageSets(freshSetUrl(set)).values()].flat().map((m) => ({
    text: m.text,
    label: m.label !== 'safe' ? m.label : m.kind === 'support-seeking' ? 'support' : m.distress ? 'distress' : 'safe',
    lang: m.lang,
    source,
  }));
}

/** One of the classifier's examples as the language model reads it. */
export function coreMessage(e: Example): Message {
  return {
    text: e.text,
    // The classifier's data marks asking how to help someone at risk by its style.
    label: e.label === 'safe' && e.style === 'support' ? 'support' : e.label,
    lang: LANGUAGES.includes(e.style) ? e.style : 'en',
    source: 'core',
  };
}

/** The dev split of languages/, distress and support-seeking as their own classes. */
export function languagesDevMessages(): Message[] {
  return [...readLanguageSets(LANGUAGES_DIR, ['dev']).values()].flat().map((m) => ({
    text: m.text,
    label: m.distress ? 'distress' : m.kind === 'support-seeking' ? 'support' : m.label,
    lang: m.lang === 'en-fiction' ? 'en' : m.lang,
    source: 'languages-dev',
  }));
}

/** Every training message once; the written sets only when `fresh` weighs, but those in `leaveOut`. */
export function allMessages(options: TrainingOptions, leaveOut: readonly string[] = []): Message[] {
  const core: Message[] = coreExamples().map(coreMessage);
  const dev = languagesDevMessages();
  const fresh = writtenSetsOf(options)
    .filter((set) => !leaveOut.includes(set))
    .flatMap(freshMessages);
  const seen = new Set<string>();
  return [...writtenMessages(), ...dev, ...fresh, ...core].filter((m) => !seen.has(m.text) && seen.add(m.text));
}

export interface Trained {
  biases: Float64Array;
  weights: Float64Array[];
}

const SOURCE_WEIGHT: Partial<Record<Message['source'], keyof TrainingOptions>> = {
  fresh: 'fresh',
  seekers: 'seekers',
  everyday: 'everyday',
};
const weightOf = (source: Message['source'], options: TrainingOptions): number =>
  source === 'core' ? 1 : options[SOURCE_WEIGHT[source] ?? 'written'];

export function train(messages: readonly Message[], options: TrainingOptions): Trained {
  const size = 1 << options.bits;
  const K = CLASSES.length;
  const counts = CLASSES.map((c) => messages.filter((m) => m.label === c).length);
  // Rare classes (distress, support) weigh more, by the square root of their rarity.
  const classWeight = counts.map((n) => Math.sqrt(messages.length / (K * Math.max(1, n))));
  const rows = messages.map((m) => {
    const slots = languageSlots(m.text, options.bits);
    const y = CLASSES.indexOf(m.label);
    return {
      slots,
      value: 1 / Math.sqrt(Math.max(1, slots.length)),
      y,
      weight: (classWeight[y] as number) * weightOf(m.source, options),
    };
  });
  const weights = Array.from({ length: K }, () => new Float64Array(size));
  const squares = Array.from({ length: K }, () => new Float64Array(size).fill(1e-6));
  const biases = new Float64Array(K);
  const biasSquares = new Float64Array(K).fill(1e-6);
  const z = new Float64Array(K);
  const random = seededRandom(options.seed);
  const order = rows.map((_, i) => i);
  // AdaGrad, one message at a time in a seeded order; L2 shrinks the slots a message touches.
  for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
    shuffleInPlace(order, random);
    for (const index of order) {
      const row = rows[index] as (typeof rows)[number];
      let max = -Infinity;
      for (let k = 0; k < K; k += 1) {
        let s = biases[k] as number;
        const w = weights[k] as Float64Array;
        for (const slot of row.slots) s += (w[slot] as number) * row.value;
        z[k] = s;
        if (s > max) max = s;
      }
      let sum = 0;
      for (let k = 0; k < K; k += 1) sum += z[k] = Math.exp((z[k] as number) - max);
      for (let k = 0; k < K; k += 1) {
        const error = ((z[k] as number) / sum - (k === row.y ? 1 : 0)) * row.weight;
        const w = weights[k] as Float64Array;
        const g2 = squares[k] as Float64Array;
        for (const slot of row.slots) {
          const g = error * row.value + options.l2 * (w[slot] as number);
          g2[slot] = (g2[slot] as number) + g * g;
          w[slot] = (w[slot] as number) - (options.rate * g) / Math.sqrt(g2[slot] as number);
        }
        biasSquares[k] = (biasSquares[k] as number) + error * error;
        biases[k] = (biases[k] as number) - (options.rate * error) / Math.sqrt(biasSquares[k] as number);
      }
    }
  }
  return { biases, weights };
}

function probabilities(model: Trained, text: string, bits: number): number[] {
  return slotProbabilities(model.weights, model.biases, languageSlots(text, bits));
}

export type Scored = { message: Message; harm: number; care: number; p: number[] };

const fold = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0) % 5;

/** Each message scored by the model of the four folds it is not in. */
export function outOfFold(messages: readonly Message[], options: TrainingOptions): Scored[] {
  const scored: Scored[] = [];
  for (let k = 0; k < 5; k += 1) {
    const model = train(
      messages.filter((m) => fold(m.text) !== k),
      options,
    );
    for (const message of messages.filter((m) => fold(m.text) === k)) {
      const p = probabilities(model, message.text, options.bits);
      scored.push({
        message,
        p,
        harm: p.slice(3).reduce((a, b) => a + b, 0),
        care: (p[1] as number) + (p[2] as number),
      });
    }
  }
  return scored;
}

/** The threshold at which the given share of `safe` scores is refused (never below `floor`). */
function thresholdFor(safe: number[], share: number, floor: number): number {
  const sorted = [...safe].sort((a, b) => b - a);
  const at = sorted[Math.floor(share * sorted.length)] ?? 0;
  return Math.max(floor, Number((at + 1e-6).toFixed(4)));
}

/** The language model's own harm thresholds, from the honest messages outside English. */
export function harmThresholdsOf(scored: readonly Scored[]): LanguageModel['harmThresholds'] {
  const honest = scored
    .filter(
      (s) => s.message.lang !== 'en' && judgesThresholds(s.message.source) && !HARM_CLASSES.includes(s.message.label),
    )
    .map((s) => s.harm);
  return {
    strict: thresholdFor(honest, 0.04, 0.3),
    balanced: thresholdFor(honest, 0.02, 0.4),
    lenient: thresholdFor(honest, 0.008, 0.5),
  };
}

export const CARE_THRESHOLD = 0.5;
export const CARE_HARM_CEILING = 0.5;

/** The shipped form: the combiner fitted on the out-of-fold scores, one model on every message. */
export async function languageModelOf(
  messages: readonly Message[],
  scored: readonly Scored[],
  options: TrainingOptions,
): Promise<LanguageModel> {
  const harmThresholds = harmThresholdsOf(scored);
  const combiner = await fitCombiner(scored, harmThresholds.balanced, options.share);
  const model = train(messages, options);
  const encode = (w: Float64Array) => {
    let max = 0;
    for (const v of w) max = Math.max(max, Math.abs(v));
    const scale = max / 127 || 1;
    const bytes = new Int8Array(w.length);
    for (let i = 0; i < w.length; i += 1) bytes[i] = Math.round((w[i] as number) / scale);
    return { data: Buffer.from(bytes.buffer).toString('base64'), scale: Number(scale.toPrecision(6)) };
  };
  const encoded = model.weights.map(encode);
  return {
    bits: options.bits,
    classes: [...LANGUAGE_CLASSES],
    biases: [...model.biases].map((b) => Number(b.toPrecision(6))),
    weights: encoded.map((e) => e.data),
    scales: encoded.map((e) => e.scale),
    harmThresholds,
    careThreshold: CARE_THRESHOLD,
    careHarmCeiling: CARE_HARM_CEILING,
    combiner,
  };
}
