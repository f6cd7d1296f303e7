// The classifier's second view of a message: its words, not its meaning. A sentence embedding
// blurs the few words that make a request harmful ("without leaving a trace", "untraceable") into
// the rest of the sentence; a logistic regression over hashed word and character n-grams keeps
// them. Its log-odds are blended with the perceptron's (classifier.ts); trained by
// scripts/train-moderation.ts on the same messages.
import { normalise } from './normalise.ts';
import { fnv1a } from '../../text/fnv1a.ts';

export interface WordModel {
  /** The feature space has 2^bits slots (words, word pairs and 4-letter pieces hashed into it). */
  bits: number;
  bias: number;
  /** Float32 weights, little-endian, base64: 2^bits of them. */
  weights: string;
  /** Share of the blended log-odds that comes from this model (the perceptron has the rest). */
  blend: number;
}

/** The same slot for the same piece on every machine. */
const slotOf = (piece: string, mask: number): number => fnv1a(piece) & mask;

/** The distinct feature slots of a message: each word, each pair of neighbouring words, and every
 * 4-character piece of the words (which catches misspellings and word parts). */
export function ngramSlots(text: string, bits: number): Int32Array {
  const mask = (1 << bits) - 1;
  const words = normalise(text)
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  const slots = new Set<number>();
  words.forEach((word, i) => {
    slots.add(slotOf(`w:${word}`, mask));
    if (i > 0) slots.add(slotOf(`p:${words[i - 1]} ${word}`, mask));
  });
  const joined = ` ${words.join(' ')} `;
  for (let i = 0; i + 4 <= joined.length; i += 1) slots.add(slotOf(`c:${joined.slice(i, i + 4)}`, mask));
  return Int32Array.from(slots);
}

/** Each message's features are binary, scaled to unit length (long messages do not shout). */
export const slotValue = (slots: Int32Array): number => 1 / Math.sqrt(Math.max(1, slots.length));

const decoded = new WeakMap<WordModel, Float32Array>();

function weightsOf(model: WordModel): Float32Array {
  let weights = decoded.get(model);
  if (!weights) {
    const bytes = Buffer.from(model.weights, 'base64');
    if (bytes.byteLength !== 4 << model.bits)
      throw new Error(`word model: ${bytes.byteLength} bytes of weights, expected ${4 << model.bits}`);
    weights = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    decoded.set(model, weights);
  }
  return weights;
}

/** The model's log-odds that the message is harmful. */
export function wordLogit(model: WordModel, text: string): number {
  const weights = weightsOf(model);
  const slots = ngramSlots(text, model.bits);
  const value = slotValue(slots);
  let z = model.bias;
  for (const slot of slots) z += (weights[slot] as number) * value;
  return z;
}
