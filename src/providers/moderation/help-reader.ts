// The local moderator's reader of who asks for what: for a message the classifier or the combiner
// refuses, in any category, does the writer ask for help or protection, or voice pain (a victim
// describing the knife, the photos, the money lost, then asking what to do), or ask for the means
// or a way to get away with it? A logistic regression over what a check already computes: the
// message's hashed words and letter pieces (language-model.ts's slots) and its USE-lite vector (the
// classifier's). Trained on the support-seeking and distress messages of the training sets against
// their harmful requests (scripts/moderation/help-reader-training.ts); its threshold keeps at most
// 1% of each language's harmful requests, scored out of fold, from reading as asking for help.
// Its weights (help-reader-weights.json) are written by `npm run train:help-reader`.
import { readFileSync } from 'node:fs';
import { decodeSlotWeights, languageSlots } from './language-model.ts';

export interface HelpReader {
  bits: number;
  bias: number;
  /** int8 weights of the 2^bits hashed slots, base64, each times `scale`. */
  slots: string;
  scale: number;
  /** One weight per dimension of the USE-lite vector. */
  vector: number[];
  /** Probability from which the message reads as asking for help (or voicing pain). */
  threshold: number;
  /** The same per language (ISO 639-3, as detect-language.ts names it): each keeps at most the
   * training's share of that language's harmful requests; a language not here uses `threshold`. */
  thresholds?: Record<string, number>;
  /** Probability from which the reader is sure that the writer asks for help even where the means
   * phrases read a method (a parent quoting a child's searches, "I don't want to hide it anymore"):
   * the lowest at which no harmful request those phrases read scored, out of fold, in training. */
  sureThreshold?: number;
}

export const HELP_READER_URL = new URL('./help-reader-weights.json', import.meta.url);

export function loadHelpReader(url: URL = HELP_READER_URL): HelpReader {
  return JSON.parse(readFileSync(url, 'utf8')) as HelpReader;
}

const decoded = new WeakMap<HelpReader, Float32Array>();

function slotWeightsOf(reader: HelpReader): Float32Array {
  let weights = decoded.get(reader);
  if (!weights) {
    weights = decodeSlotWeights(reader.slots, reader.bits, reader.scale, 'help reader');
    decoded.set(reader, weights);
  }
  return weights;
}

/** The log-odds over the features, each slot weighing 1/√(slots) as in the language model; the
 * training's reading over its weights before they are quantised too. */
export function helpLogit(
  slotWeights: ArrayLike<number>,
  vectorWeights: ArrayLike<number>,
  bias: number,
  slots: Int32Array,
  vector: ArrayLike<number>,
): number {
  const value = 1 / Math.sqrt(Math.max(1, slots.length));
  let z = bias;
  for (const slot of slots) z += (slotWeights[slot] as number) * value;
  for (let i = 0; i < vectorWeights.length; i += 1) z += (vectorWeights[i] as number) * (vector[i] as number);
  return z;
}

/** The probability that the message asks for help or voices pain rather than asking for the means. */
export function helpProbability(reader: HelpReader, text: string, vector: ArrayLike<number>): number {
  const z = helpLogit(slotWeightsOf(reader), reader.vector, reader.bias, languageSlots(text, reader.bits), vector);
  return 1 / (1 + Math.exp(-z));
}

/** Sure enough that the writer asks for help that a refusal is lifted (and the message answered with care). */
export function asksForHelp(reader: HelpReader, text: string, vector: ArrayLike<number>, language = 'und'): boolean {
  return readHelp(reader, text, vector, language).asks;
}

/** How the reader reads a refused message: as asking for help at its language's threshold, and
 * surely so (`sureThreshold`), when even a method named does not make it a request for the means. */
export function readHelp(
  reader: HelpReader,
  text: string,
  vector: ArrayLike<number>,
  language = 'und',
): { asks: boolean; surely: boolean } {
  const p = helpProbability(reader, text, vector);
  return {
    asks: p >= (reader.thresholds?.[language] ?? reader.threshold),
    surely: reader.sureThreshold !== undefined && p >= reader.sureThreshold,
  };
}
