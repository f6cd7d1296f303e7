// `npm run train:moderation-languages` (node scripts/moderation/train-languages.ts): trains the
// moderator's reader of every language (src/providers/moderation/language-model.ts) and writes
// src/providers/moderation/language-weights.json. Its messages: the classifier's hand-written
// training data (test/fixtures/moderation/train, English and other languages), the per-language
// training messages of test/fixtures/moderation/train-languages/ (`label | kind | text`, with the
// labels distress and support), and the dev split of test/fixtures/moderation/languages/. Five-fold
// cross-validation first: each message is scored by a model that never saw it, which prints the
// figures per language and source and chooses the thresholds; then one model on everything.
// AdaGrad over the messages in a seeded order: the same messages give the same weights. The
// out-of-fold scores also fit the combiner of this model and the USE-lite classifier (fit-combiner.ts).
// LANGUAGE_MODEL="bits=17,epochs=25,rate=0.1,l2=0.00001,seed=13" changes the options.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  LANGUAGE_CLASSES,
  LANGUAGE_WEIGHTS_URL,
  languageSlots,
  type LanguageClass,
  type LanguageModel,
} from '../../src/providers/moderation/language-model.ts';
import { LANGUAGES_DIR, readLanguageSets } from '../../test/quality/moderation-languages.ts';
import { LANGUAGES } from './dev-report.ts';
import { fitCombiner } from './fit-combiner.ts';
import { coreExamples } from './training-data.ts';

interface Message {
  text: string;
  label: LanguageClass;
  lang: string;
  source: 'core' | 'written' | 'languages-dev';
}

const OPTIONS = {
  bits: 17,
  epochs: 25,
  rate: 0.1,
  l2: 0.00001,
  seed: 13,
  /** Weight of the per-language messages against the mostly English core. */
  written: 2,
  ...Object.fromEntries(
    (process.env.LANGUAGE_MODEL ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('='))
      .map(([key, value]) => [key, Number(value)]),
  ),
};

const FIXTURES = new URL('../../test/fixtures/moderation/', import.meta.url);
const WRITTEN = new URL('train-languages/', FIXTURES);
const CLASSES = LANGUAGE_CLASSES as readonly string[];

function writtenMessages(): Message[] {
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

function allMessages(): Message[] {
  const core: Message[] = coreExamples().map((e) => ({
    text: e.text,
    // The classifier's data marks asking how to help someone at risk by its style.
    label: e.label === 'safe' && e.style === 'support' ? 'support' : e.label,
    lang: LANGUAGES.includes(e.style) ? e.style : 'en',
    source: 'core',
  }));
  const dev: Message[] = [...readLanguageSets(LANGUAGES_DIR, ['dev']).values()].flat().map((m) => ({
    text: m.text,
    label: m.distress ? 'distress' : m.kind === 'support-seeking' ? 'support' : m.label,
    lang: m.lang === 'en-fiction' ? 'en' : m.lang,
    source: 'languages-dev',
  }));
  const seen = new Set<string>();
  return [...writtenMessages(), ...dev, ...core].filter((m) => !seen.has(m.text) && seen.add(m.text));
}

interface Trained {
  biases: Float64Array;
  weights: Float64Array[];
}

function train(messages: readonly Message[]): Trained {
  const size = 1 << OPTIONS.bits;
  const K = CLASSES.length;
  const counts = CLASSES.map((c) => messages.filter((m) => m.label === c).length);
  // Rare classes (distress, support) weigh more, by the square root of their rarity.
  const classWeight = counts.map((n) => Math.sqrt(messages.length / (K * Math.max(1, n))));
  const rows = messages.map((m) => {
    const slots = languageSlots(m.text, OPTIONS.bits);
    const y = CLASSES.indexOf(m.label);
    return {
      slots,
      value: 1 / Math.sqrt(Math.max(1, slots.length)),
      y,
      weight: (classWeight[y] as number) * (m.source === 'core' ? 1 : OPTIONS.written),
    };
  });
  const weights = Array.from({ length: K }, () => new Float64Array(size));
  const squares = Array.from({ length: K }, () => new Float64Array(size).fill(1e-6));
  const biases = new Float64Array(K);
  const biasSquares = new Float64Array(K).fill(1e-6);
  const z = new Float64Array(K);
  const random = seeded(OPTIONS.seed);
  const order = rows.map((_, i) => i);
  // AdaGrad, one message at a time in a seeded order; L2 shrinks the slots a message touches.
  for (let epoch = 1; epoch <= OPTIONS.epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
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
          const g = error * row.value + OPTIONS.l2 * (w[slot] as number);
          g2[slot] = (g2[slot] as number) + g * g;
          w[slot] = (w[slot] as number) - (OPTIONS.rate * g) / Math.sqrt(g2[slot] as number);
        }
        biasSquares[k] = (biasSquares[k] as number) + error * error;
        biases[k] = (biases[k] as number) - (OPTIONS.rate * error) / Math.sqrt(biasSquares[k] as number);
      }
    }
  }
  return { biases, weights };
}

/** mulberry32: the same order on every machine for the same seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function probabilities(model: Trained, text: string): number[] {
  const slots = languageSlots(text, OPTIONS.bits);
  const value = 1 / Math.sqrt(Math.max(1, slots.length));
  const z = model.weights.map((w, k) => {
    let s = model.biases[k] as number;
    for (const slot of slots) s += (w[slot] as number) * value;
    return s;
  });
  const max = Math.max(...z);
  const exp = z.map((v) => Math.exp(v - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

const harmOf = (p: number[]) => p.slice(3).reduce((a, b) => a + b, 0);
const careOf = (p: number[]) => (p[1] as number) + (p[2] as number);

const fold = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0) % 5;

const messages = allMessages();
console.log(
  `${messages.length} messages: ${CLASSES.map((c) => `${c} ${messages.filter((m) => m.label === c).length}`).join(', ')}`,
);
console.log(`options ${JSON.stringify(OPTIONS)}`);
// The out-of-fold scores are kept, so that `--combiner-only` refits the combiner (and its
// thresholds) over the same language model without training it six times again.
const OUT_OF_FOLD = new URL('../../.tmp/language-out-of-fold.json', import.meta.url);
type Scored = { message: Message; harm: number; care: number; p: number[] };
if (process.argv.includes('--combiner-only')) {
  const kept = JSON.parse(readFileSync(OUT_OF_FOLD, 'utf8')) as { balanced: number; scored: Scored[] };
  const written = JSON.parse(readFileSync(LANGUAGE_WEIGHTS_URL, 'utf8')) as LanguageModel;
  written.combiner = await fitCombiner(kept.scored, kept.balanced);
  if (!process.argv.includes('--dry-run')) writeFileSync(LANGUAGE_WEIGHTS_URL, `${JSON.stringify(written, null, 1)}\n`);
  process.exit(0);
}
const scored: Scored[] = [];
for (let k = 0; k < 5; k += 1) {
  const model = train(messages.filter((m) => fold(m.text) !== k));
  for (const message of messages.filter((m) => fold(m.text) === k)) {
    const p = probabilities(model, message.text);
    scored.push({ message, harm: harmOf(p), care: careOf(p), p });
  }
}

/** The threshold at which the given share of `safe` scores is refused (never below `floor`). */
function thresholdFor(safe: number[], share: number, floor: number): number {
  const sorted = [...safe].sort((a, b) => b - a);
  const at = sorted[Math.floor(share * sorted.length)] ?? 0;
  return Math.max(floor, Number((at + 1e-6).toFixed(4)));
}
const other = scored.filter((s) => s.message.lang !== 'en');
const honestScores = other.filter((s) => !CLASSES.slice(3).includes(s.message.label)).map((s) => s.harm);
const harmThresholds = {
  strict: thresholdFor(honestScores, 0.04, 0.3),
  balanced: thresholdFor(honestScores, 0.02, 0.4),
  lenient: thresholdFor(honestScores, 0.008, 0.5),
};
const careThreshold = 0.5;
const careHarmCeiling = 0.5;
console.log(`thresholds: harm ${JSON.stringify(harmThresholds)}, care ${careThreshold}, ceiling ${careHarmCeiling}`);

// Out-of-fold figures per language and source, at the balanced threshold.
const groups = new Map<string, typeof scored>();
for (const s of scored) {
  for (const key of [`${s.message.lang}/${s.message.source}`, `${s.message.lang}/all`]) {
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)?.push(s);
  }
  if (s.message.source !== 'core') {
    const key = s.message.lang === 'en' ? 'en-new/all' : 'other-new/all';
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)?.push(s);
  }
}
for (const [key, group] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
  const harmful = group.filter((s) => CLASSES.slice(3).includes(s.message.label));
  const honest = group.filter((s) => !CLASSES.slice(3).includes(s.message.label));
  const caring = group.filter((s) => s.message.label === 'distress' || s.message.label === 'support');
  const refused = (s: (typeof scored)[number]) =>
    s.harm >= harmThresholds.balanced && !(s.care >= careThreshold && s.harm < careHarmCeiling);
  const cared = (s: (typeof scored)[number]) => s.care >= careThreshold && s.harm < careHarmCeiling;
  console.log(
    `[${key}] harmful refused ${harmful.filter(refused).length}/${harmful.length}, honest refused ${honest.filter(refused).length}/${honest.length}, distress+support cared ${caring.filter(cared).length}/${caring.length}, other honest cared ${honest.filter((s) => !caring.includes(s) && cared(s)).length}, harmful cared ${harmful.filter(cared).length}`,
  );
}

// Care at other thresholds (harm under the ceiling), out-of-fold: what a lower threshold would
// answer with care, and how many harmful requests it would let through that way.
for (const [name, group] of [
  ['other languages', other],
  ['English', scored.filter((s) => s.message.lang === 'en')],
] as const) {
  const line = [0.3, 0.35, 0.4, 0.45, 0.5].map((t) => {
    const cared = group.filter((s) => s.care >= t && s.harm < careHarmCeiling);
    const caring = cared.filter((s) => s.message.label === 'distress' || s.message.label === 'support').length;
    const harmful = cared.filter((s) => CLASSES.slice(3).includes(s.message.label)).length;
    return `${t}: ${caring} caring, ${harmful} harmful, ${cared.length - caring - harmful} other`;
  });
  console.log(`care by threshold, ${name}: ${line.join('; ')}`);
}

mkdirSync(new URL('.', OUT_OF_FOLD), { recursive: true });
writeFileSync(OUT_OF_FOLD, JSON.stringify({ balanced: harmThresholds.balanced, scored }));
const combiner = await fitCombiner(scored, harmThresholds.balanced);
const model = train(messages);
const encode = (w: Float64Array) => {
  let max = 0;
  for (const v of w) max = Math.max(max, Math.abs(v));
  const scale = max / 127 || 1;
  const bytes = new Int8Array(w.length);
  for (let i = 0; i < w.length; i += 1) bytes[i] = Math.round((w[i] as number) / scale);
  return { data: Buffer.from(bytes.buffer).toString('base64'), scale: Number(scale.toPrecision(6)) };
};
const encoded = model.weights.map(encode);
const weights: LanguageModel = {
  bits: OPTIONS.bits,
  classes: [...LANGUAGE_CLASSES],
  biases: [...model.biases].map((b) => Number(b.toPrecision(6))),
  weights: encoded.map((e) => e.data),
  scales: encoded.map((e) => e.scale),
  harmThresholds,
  careThreshold,
  careHarmCeiling,
  combiner,
};
if (!process.argv.includes('--dry-run')) {
  writeFileSync(LANGUAGE_WEIGHTS_URL, `${JSON.stringify(weights, null, 1)}\n`);
  console.log(`wrote ${LANGUAGE_WEIGHTS_URL.pathname}`);
}
