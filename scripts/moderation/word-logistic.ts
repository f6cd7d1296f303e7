// The moderator's word model (src/providers/moderation/word-ngrams.ts): a logistic regression,
// harmful against safe, over each message's hashed n-gram slots. Full-batch Adam (mlp.ts's) from zero
// weights over sparse rows: no randomness, so the same messages give the same weights.
import { ngramSlots, slotValue, type WordModel } from '../../src/providers/moderation/word-ngrams.ts';
import { Adam } from './mlp.ts';

export interface WordOptions {
  bits: number;
  epochs: number;
  learningRate: number;
  l2: number;
  blend: number;
}

export function trainWordModel(
  messages: ReadonlyArray<{ text: string; harmful: boolean }>,
  options: WordOptions,
): WordModel {
  const size = 1 << options.bits;
  const rows = messages.map((m) => ({ slots: ngramSlots(m.text, options.bits), y: m.harmful ? 1 : 0 }));
  const w = new Float64Array(size);
  const bias = new Float64Array(1);
  const weightSteps = new Adam(w, options.learningRate);
  const biasSteps = new Adam(bias, options.learningRate);
  const grad = new Float64Array(size);
  const biasGrad = new Float64Array(1);
  for (let epoch = 1; epoch <= options.epochs; epoch += 1) {
    grad.fill(0);
    biasGrad[0] = 0;
    for (const { slots, y } of rows) {
      const value = slotValue(slots);
      let z = bias[0] as number;
      for (const slot of slots) z += (w[slot] as number) * value;
      const error = 1 / (1 + Math.exp(-z)) - y;
      for (const slot of slots) grad[slot] = (grad[slot] as number) + error * value;
      biasGrad[0] = (biasGrad[0] as number) + error;
    }
    // Mean gradients; L2 on the weights, not the bias.
    for (let i = 0; i < size; i += 1) grad[i] = (grad[i] as number) / rows.length;
    biasGrad[0] = (biasGrad[0] as number) / rows.length;
    weightSteps.apply(grad, options.l2);
    biasSteps.apply(biasGrad, 0);
  }
  return {
    bits: options.bits,
    bias: Number((bias[0] as number).toPrecision(6)),
    weights: Buffer.from(Float32Array.from(w).buffer).toString('base64'),
    blend: options.blend,
  };
}
