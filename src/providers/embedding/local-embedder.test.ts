import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLocalEmbedder } from './local-embedder.ts';

test('a question sent while a worker embeds a batch of passages is answered first, with the vectors it gets alone', async () => {
  const embedder = createLocalEmbedder({ workers: 1 });
  try {
    await embedder.embed(['warm up']);
    const passages = Array.from(
      { length: 16 },
      (_, i) =>
        `Passage ${i}: visitor moorings cost 30 euros a night at the east pontoon, and the harbour office opens at eight in the morning every day of the week.`,
    );
    const order: string[] = [];
    const batch = embedder.embed(passages).then((vectors) => (order.push('batch'), vectors));
    const question = embedder.embed(['how much is a mooring?']).then((vectors) => (order.push('question'), vectors));
    const [batchVectors, [questionVector]] = await Promise.all([batch, question]);
    assert.deepEqual(order, ['question', 'batch']);
    assert.deepEqual(questionVector, (await embedder.embed(['how much is a mooring?']))[0]);
    assert.deepEqual(batchVectors[7], (await embedder.embed([passages[7] as string]))[0]);
    assert.deepEqual(await embedder.embed([]), []);
  } finally {
    await embedder.close();
  }
});
