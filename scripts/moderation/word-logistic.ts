// The moderator's word model (src/providers/moderation/word-ngrams.ts): a logistic regression,
// harmful against safe, over each message's hashed n-gram slots. Sparse full-batch Adam from zero
// weights: no randomness, so the same messages give the same weights.
import { ngramSlots, slotValue, type WordModel } from '../../src/providers/moderation/word-ngrams.ts';

export interface WordOptions {
  bits: number;
  epochs: number;
  learningRate: number;
  l2: number;
  blend: number;
}

export function trainWordModel(messages: ReadonlyArray<{ text: string; harmful: boolean }>, options: WordOptions): WordModel {
  const size = 1 << options.bits;
  const rows = messages.map((m) => ({ slots: ngramSlots(m.text, options.bits), y: m.harmful ? 1 : 0 }));
  const w = new Float64Array(size + 1); // last = bias
  const m = new Float64Array(size + 1);
  const v = new Float64Array(size + 1);
  const grad = new Float64Array(size + 1);
  for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
    grad.fill(0);
    for (const { slots, y } of rows) {
      const value = slotValue(slots);
      let z = w[size] as number;
      for (const slot of slots) z += (w[slot] as number) * value;
      const error = 1 / (1 + Math.exp(-z)) - y;
      for (const slot of slots) grad[slot] = (grad[slot] as number) + error * value;
      grad[size] = (grad[size] as number) + error;
    }
    for (let i = 0; i <= size; i += 1) {
      const g = (grad[i] as number) / rows.length + (i < size ? options.l2 * (w[i] as number) : 0);
      m[i] = 0.9 * (m[i] as number) + 0.1 * g;
      v[i] = 0.999 * (v[i] as number) + 0.001 * g * g;
      w[i] = (w[i] as number) - (options.learningRate * ((m[i] as number) / (1 - 0.9 ** epoch))) / (Math.sqrt((v[i] as number) / (1 - 0.999 ** epoch)) + 1e-8);
    }
  }
  const weights = Float32Array.from(w.subarray(0, size));
  return { bits: options.bits, bias: Number((w[size] as number).toPrecision(6)), weights: Buffer.from(weights.buffer).toString('base64'), blend: options.blend };
}
