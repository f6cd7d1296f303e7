// The training of the moderator's help reader (src/providers/moderation/help-reader.ts), shared by
// train-help-reader.ts (the shipped weights) and leave-one-set-out.ts (the same without one set).
// Its messages: asking for help or voicing pain (support-seeking and distress) as positives, requests
// for harm as negatives, from every training source of the language model (train-languages/, the dev
// split of languages/, the classifier's training split where it marks support) and the
// TRAINING_SETS (fresh-languages 1–7 and 24–28, help-seekers/ to help-seekers-3/, and since round
// sixty the read sets 29–50), never the held-out sets. Both sides weigh the same in total. AdaGrad
// over the messages in a seeded order, as for the language model, over the
// hashed slots and the USE-lite vector. Five-fold cross-validation chooses the threshold: the lowest
// at which, out of fold, at most 1% of each language's harmful requests read as asking for help,
// and each of the six languages gets its own threshold by the same rule.
import { createHash } from 'node:crypto';
import type { EmbeddingProvider } from '../../src/ports/embedding-provider.ts';
import { pathToFileURL } from 'node:url';
import { helpLogit, loadHelpReader, type HelpReader } from '../../src/providers/moderation/help-reader.ts';
import { languageSlots } from '../../src/providers/moderation/language-model.ts';
import { asksForMeans } from '../../src/providers/moderation/method-request.ts';
import { embedCached } from '../embed-cached.ts';
import { seededRandom, shuffleInPlace } from './augment.ts';
import {
  coreMessage,
  freshMessages,
  HARM_CLASSES,
  languagesDevMessages,
  numberOptions,
  writtenMessages,
} from './language-training.ts';
import { TRAINING_SETS } from './training-sets.ts';
import { coreExamples } from './training-data.ts';

export interface ReaderMessage {
  text: string;
  /** Reads as the reader's kind: asks for help or voices pain (the help reader), asks about one's
   * own privacy or protection (the privacy reader); false: asks for harm. */
  positive: boolean;
  lang: string;
  source: string;
}

export interface ReaderOptions {
  bits: number;
  epochs: number;
  rate: number;
  l2: number;
  seed: number;
  /** Largest share of a language's harmful requests (out of fold) the threshold may let read as help. */
  lift: number;
  /** 1: a threshold per language, each at `lift` of its own harmful requests (0: one for all). */
  perLanguage: number;
  /** 1: the shared threshold holds `lift` of all the harmful requests together (0: of each language's). */
  pooled: number;
  /** 1: a `sureThreshold` too, the lowest (from the shared threshold up) at which no harmful request
   * the means phrases (method-request.ts) read scores, out of fold. */
  sure: number;
}

/** The defaults, changed by HELP_READER="epochs=20,rate=0.05,…". */
export function readerOptions(spec = process.env.HELP_READER ?? ''): ReaderOptions {
  return {
    bits: 16,
    epochs: 20,
    rate: 0.05,
    l2: 0.00001,
    seed: 13,
    lift: 0.01,
    perLanguage: 1,
    pooled: 0,
    sure: 1,
    ...numberOptions(spec),
  };
}

const CARING = new Set(['support', 'distress']);

/** Every message of the reader's training once, but those of the sets in `leaveOut`. */
export function readerMessages(
  leaveOut: readonly string[] = [],
  sets: readonly string[] = TRAINING_SETS,
): ReaderMessage[] {
  const labelled: Array<{ text: string; label: string; lang: string; source: string }> = [
    ...writtenMessages(),
    ...languagesDevMessages(),
    ...sets
      .filter((set) => !leaveOut.includes(set))
      .flatMap((set) => freshMessages(set).map((m) => ({ ...m, source: set }))),
    // The classifier's training split only: its dev split stays a check (measure-own-sets.ts).
    ...coreExamples()
      .filter((e) => e.split === 'train')
      .map(coreMessage),
  ];
  const seen = new Set<string>();
  return labelled
    .filter((m) => CARING.has(m.label) || HARM_CLASSES.includes(m.label))
    .filter((m) => !seen.has(m.text) && seen.add(m.text))
    .map((m) => ({ text: m.text, positive: CARING.has(m.label), lang: m.lang, source: m.source }));
}

interface Row {
  slots: Int32Array;
  vector: Float32Array;
  y: number;
  weight: number;
}

export interface TrainedReader {
  bias: number;
  slots: Float64Array;
  vector: Float64Array;
}

function rowsOf(messages: readonly ReaderMessage[], vectors: ReadonlyMap<string, Float32Array>, bits: number): Row[] {
  const positives = messages.filter((m) => m.positive).length;
  const negatives = messages.length - positives;
  return messages.map((m) => ({
    slots: languageSlots(m.text, bits),
    vector: vectors.get(m.text) as Float32Array,
    y: m.positive ? 1 : 0,
    weight: messages.length / (2 * Math.max(1, m.positive ? positives : negatives)),
  }));
}

function trainRows(rows: readonly Row[], options: ReaderOptions): TrainedReader {
  const slots = new Float64Array(1 << options.bits);
  const slotSquares = new Float64Array(slots.length).fill(1e-6);
  const dimension = rows[0]?.vector.length ?? 0;
  const vector = new Float64Array(dimension);
  const vectorSquares = new Float64Array(dimension).fill(1e-6);
  let bias = 0;
  let biasSquare = 1e-6;
  const random = seededRandom(options.seed);
  const order = rows.map((_, i) => i);
  for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
    shuffleInPlace(order, random);
    for (const index of order) {
      const row = rows[index] as Row;
      const value = 1 / Math.sqrt(Math.max(1, row.slots.length));
      const p = 1 / (1 + Math.exp(-helpLogit(slots, vector, bias, row.slots, row.vector)));
      const error = (p - row.y) * row.weight;
      for (const slot of row.slots) {
        const g = error * value + options.l2 * (slots[slot] as number);
        slotSquares[slot] = (slotSquares[slot] as number) + g * g;
        slots[slot] = (slots[slot] as number) - (options.rate * g) / Math.sqrt(slotSquares[slot] as number);
      }
      for (let d = 0; d < dimension; d += 1) {
        const g = error * (row.vector[d] as number) + options.l2 * (vector[d] as number);
        vectorSquares[d] = (vectorSquares[d] as number) + g * g;
        vector[d] = (vector[d] as number) - (options.rate * g) / Math.sqrt(vectorSquares[d] as number);
      }
      biasSquare += error * error;
      bias -= (options.rate * error) / Math.sqrt(biasSquare);
    }
  }
  return { bias, slots, vector };
}

export interface ReaderScored {
  message: ReaderMessage;
  p: number;
}

const fold = (text: string) => createHash('sha256').update(`help ${text}`).digest().readUInt32BE(0) % 5;

/** The lowest threshold (of the scores, on a 0.005 grid) at which at most `lift` of each language's
 * harmful requests (`pooled`: of all of them) score at or above it. */
export function thresholdOf(scored: readonly ReaderScored[], lift: number, pooled = false): number {
  const langs = pooled ? [null] : [...new Set(scored.map((s) => s.message.lang))];
  for (let t = 0.5; t < 1; t += 0.005) {
    const holds = langs.every((lang) => {
      const harmful = scored.filter((s) => (lang === null || s.message.lang === lang) && !s.message.positive);
      return harmful.filter((s) => s.p >= t).length <= lift * harmful.length;
    });
    if (holds) return Number(t.toFixed(3));
  }
  return 1;
}

/** The lowest threshold (on a 0.005 grid, from `from` up) at which no harmful request that the means
 * phrases read scores at or above it. */
export function sureThresholdOf(scored: readonly ReaderScored[], from: number): number {
  const meansAsked = scored.filter((s) => !s.message.positive && asksForMeans(s.message.text));
  for (let t = from; t < 1; t += 0.005) if (meansAsked.every((s) => s.p < t)) return Number(t.toFixed(3));
  return 1;
}

/** The training's languages as the moderator's language detection names them. */
const ISO_639_3: Record<string, string> = { en: 'eng', fr: 'fra', es: 'spa', de: 'deu', it: 'ita', pt: 'por' };

/** Each of the six languages' own threshold (the other languages' few requests keep the shared one). */
function languageThresholds(scored: readonly ReaderScored[], lift: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(ISO_639_3).map(([lang, code]) => [
      code,
      thresholdOf(
        scored.filter((s) => s.message.lang === lang),
        lift,
      ),
    ]),
  );
}

export interface FittedReader {
  reader: HelpReader;
  scored: ReaderScored[];
  messages: ReaderMessage[];
}

/** The help reader, trained on every message of `readerMessages` but the sets in `leaveOut`. */
export function fitHelpReader(
  embedder: EmbeddingProvider,
  options: ReaderOptions,
  leaveOut: readonly string[] = [],
): Promise<FittedReader> {
  return fitReader(embedder, options, readerMessages(leaveOut));
}

/** Out-of-fold scores, the threshold, then one reader on every message, in its shipped form. */
export async function fitReader(
  embedder: EmbeddingProvider,
  options: ReaderOptions,
  messages: ReaderMessage[],
  /** The messages whose out-of-fold scores choose the thresholds (all by default). */
  choosesThreshold: (message: ReaderMessage) => boolean = () => true,
): Promise<FittedReader> {
  const vectors = await embedCached(
    embedder,
    messages.map((m) => m.text),
  );
  const rows = rowsOf(messages, vectors, options.bits);
  const scored: ReaderScored[] = [];
  for (let k = 0; k < 5; k += 1) {
    const inFold = messages.map((m) => fold(m.text) === k);
    const model = trainRows(
      rows.filter((_, i) => !inFold[i]),
      options,
    );
    rows.forEach((row, i) => {
      if (!inFold[i]) return;
      const z = helpLogit(model.slots, model.vector, model.bias, row.slots, row.vector);
      scored.push({ message: messages[i] as ReaderMessage, p: 1 / (1 + Math.exp(-z)) });
    });
  }
  const choosing = scored.filter((s) => choosesThreshold(s.message));
  const threshold = thresholdOf(choosing, options.lift, options.pooled > 0);
  const model = trainRows(rows, options);
  let max = 0;
  for (const w of model.slots) max = Math.max(max, Math.abs(w));
  const scale = max / 127 || 1;
  const bytes = new Int8Array(model.slots.length);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.round((model.slots[i] as number) / scale);
  const reader: HelpReader = {
    bits: options.bits,
    bias: Number(model.bias.toPrecision(6)),
    slots: Buffer.from(bytes.buffer).toString('base64'),
    scale: Number(scale.toPrecision(6)),
    vector: [...model.vector].map((w) => Number(w.toPrecision(5))),
    threshold,
    ...(options.perLanguage > 0 && { thresholds: languageThresholds(choosing, options.lift) }),
    ...(options.sure > 0 && {
      sureThreshold: sureThresholdOf(choosing, threshold),
    }),
  };
  return { reader, scored, messages };
}

/** The measurement scripts' `--help-reader=FILE|none`: the reader in FILE, none, or (not given) the
 * shipped one (undefined: the moderator's default). */
export function helpReaderOption(value: string | undefined): HelpReader | null | undefined {
  return value === 'none' ? null : value ? loadHelpReader(pathToFileURL(value)) : undefined;
}

/** Out of fold, by language and by source: the reader's kind read as such, harmful requests read as it. */
export function printOutOfFold(all: readonly ReaderScored[], threshold: number): void {
  const groups = new Map<string, ReaderScored[]>();
  for (const s of all)
    for (const key of [`lang ${s.message.lang}`, `source ${s.message.source}`, 'all'])
      groups.set(key, [...(groups.get(key) ?? []), s]);
  for (const [key, group] of [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const kind = group.filter((s) => s.message.positive);
    const harm = group.filter((s) => !s.message.positive);
    const at = (t: number) =>
      `${kind.filter((s) => s.p >= t).length}/${kind.length} positive, ${harm.filter((s) => s.p >= t).length}/${harm.length} harmful`;
    console.log(`[${key}] at ${threshold}: ${at(threshold)} | at 0.9: ${at(0.9)} | at 0.7: ${at(0.7)}`);
  }
}
