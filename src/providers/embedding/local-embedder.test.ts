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
    for (const vector of [asPassage, asQuestion]) assert.ok(Math.abs(Math.hypot(...(vector as Float32Array)) - 1) < 1e-5);
    assert.ok((asPassage as Float32Array).some((value, i) => Math.abs(value - (asQuestion as Float32Array)[i]!) > 1e-3), 'the tower moves the question');
  } finally {
    await embedder.close();
  }
});
