import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asksForHelp, helpLogit, helpProbability, type HelpReader } from './help-reader.ts';
import { languageSlots } from './language-model.ts';

/** A reader over 2^4 slots and a 2-d vector: every slot weighs 2 × 0.5, the vector (1, -1). */
const reader = (bias: number, threshold = 0.5): HelpReader => ({
  bits: 4,
  bias,
  slots: Buffer.from(new Int8Array(16).fill(2).buffer).toString('base64'),
  scale: 0.5,
  vector: [1, -1],
  threshold,
});

test('the help reader reads its quantised weights as the training reads its own', () => {
  const text = 'My ex shared my photos, how do I report it?';
  const slots = languageSlots(text, 4);
  const expected = 1 / (1 + Math.exp(-helpLogit(new Float32Array(16).fill(1), [1, -1], -1, slots, [0.3, 0.1])));
  assert.ok(Math.abs(helpProbability(reader(-1), text, [0.3, 0.1]) - expected) < 1e-9);
  // Every slot weighs 1/√(slots): the slots' sum is √(slots), whatever the message's length.
  assert.ok(
    Math.abs(helpLogit(new Float32Array(16).fill(1), [0, 0], 0, slots, [0, 0]) - Math.sqrt(slots.length)) < 1e-9,
  );
});

test('the help reader lifts only from its threshold', () => {
  const text = 'someone hit me, what do I do';
  const p = helpProbability(reader(0), text, [0, 0]);
  assert.equal(asksForHelp(reader(0, p), text, [0, 0]), true);
  assert.equal(asksForHelp(reader(0, p + 1e-6), text, [0, 0]), false);
});

test('a language with a threshold of its own is read by it', () => {
  const text = 'someone hit me, what do I do';
  const p = helpProbability(reader(0), text, [0, 0]);
  const perLanguage = { ...reader(0, p + 1e-6), thresholds: { eng: p } };
  assert.equal(asksForHelp(perLanguage, text, [0, 0], 'eng'), true);
  assert.equal(asksForHelp(perLanguage, text, [0, 0], 'fra'), false);
  assert.equal(asksForHelp(perLanguage, text, [0, 0]), false);
});
