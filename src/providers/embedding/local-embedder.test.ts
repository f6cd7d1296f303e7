import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLocalEmbedder } from './local-embedder.ts';

test('the offline embedder has a question path (the committed question tower) beside the passages’ one', async () => {
  const embedder = createLocalEmbedder({ workers: 1 });
  try {
    assert.ok(embedder.embedQuestions, 'use-lite-question-tower.json is committed');
    assert.equal(embedder.questionMidpoint, 0.85);
    const text = 'can I bring my puppy along';
    const [asPassage] = await embedder.embed([text]);
    const [asQuestion] = await embedder.embedQuestions([text]);
    for (const vector of [asPassage, asQuestion])
      assert.ok(Math.abs(Math.hypot(...(vector as Float32Array)) - 1) < 1e-5);
    assert.ok(
      (asPassage as Float32Array).some((value, i) => Math.abs(value - (asQuestion as Float32Array)[i]!) > 1e-3),
      'the tower moves the question',
    );
  } finally {
    await embedder.close();
  }
});

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
