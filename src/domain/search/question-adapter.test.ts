import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createQuestionAdapter,
  embedQuestions,
  questionAdapterFor,
  type QuestionAdapterWeights,
} from './question-adapter.ts';

const base64 = (values: number[]) => Buffer.from(Float32Array.from(values).buffer).toString('base64');
const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));

test('the offline model ships a question adapter; a question comes out a unit vector of the same size, the same every time', () => {
  const adapter = questionAdapterFor('use-lite-512');
  assert.ok(adapter, 'use-lite-512 has an adapter');
  assert.ok(adapter.semanticMidpoint !== undefined && adapter.semanticMidpoint > 0 && adapter.semanticMidpoint <= 1);
  const question = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i + 1));
  const adapted = adapter.adapt(question);
  assert.equal(adapted.length, 512);
  assert.ok(Math.abs(norm(adapted) - 1) < 1e-5);
  assert.deepEqual(adapter.adapt(question), adapted);
  assert.ok(
    adapted.some((value, i) => Math.abs(value - (question[i] as number) / norm(question)) > 1e-4),
    'the adapter moves the question',
  );
  const otherSize = Float32Array.from([0.6, 0.8]);
  assert.equal(adapter.adapt(otherSize), otherSize, 'a vector of another size is left alone');
});

test('q + U(Vᵀq), renormalised: with V = 0 the question is only normalised; weights of the wrong size are refused', () => {
  const identity = createQuestionAdapter({
    model: 'toy',
    dimension: 3,
    rank: 1,
    u: base64([1, 2, 3]),
    v: base64([0, 0, 0]),
  });
  assert.deepEqual(
    Array.from(identity.adapt(Float32Array.from([3, 0, 4]))),
    [0.6000000238418579, 0, 0.800000011920929],
  );
  // U = e1, V = e2: the second component is added to the first.
  const shift = createQuestionAdapter({ model: 'toy', dimension: 2, rank: 1, u: base64([1, 0]), v: base64([0, 1]) });
  const shifted = shift.adapt(Float32Array.from([0, 1]));
  assert.ok(
    Math.abs((shifted[0] as number) - Math.SQRT1_2) < 1e-6 && Math.abs((shifted[1] as number) - Math.SQRT1_2) < 1e-6,
  );
  const wrong: QuestionAdapterWeights = {
    model: 'toy',
    dimension: 3,
    rank: 2,
    u: base64([1, 2, 3]),
    v: base64([0, 0, 0]),
  };
  assert.throws(() => createQuestionAdapter(wrong), /3 × 2/);
});

test('a model without an adapter gets its questions embedded as any text', async () => {
  const vectors = [Float32Array.from([0.6, 0.8])];
  const embedder = { model: 'no-adapter-model', embed: async () => vectors };
  assert.equal(questionAdapterFor('no-adapter-model'), null);
  assert.equal((await embedQuestions(embedder, ['q']))[0], vectors[0]);
});

test('with a question path of its own (a question tower), a question is the normalised sum of its adapted vector and the tower’s', async () => {
  const embedder = {
    model: 'no-adapter-model',
    embed: async () => [Float32Array.from([1, 0])],
    embedQuestions: async () => [Float32Array.from([0, 1])],
  };
  const [question] = await embedQuestions(embedder, ['q']);
  assert.deepEqual(
    Array.from(question as Float32Array).map((v) => Math.round(v * 1e6) / 1e6),
    [0.707107, 0.707107],
  );
});
