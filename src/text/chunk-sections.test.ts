import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countTokens } from 'gpt-tokenizer';
import { chunkSections } from './chunk-sections.ts';

const sentence = (n: number) =>
  `Sentence number ${n} tells a small part of the story about lighthouses and their keepers.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');

test('packs sentences up to the token limit, never splitting one, with sentence overlap', () => {
  const chunks = chunkSections([{ text: paragraph(1, 30), heading: null, page: null }], {
    maxTokens: 80,
    overlapTokens: 20,
    minTokens: 10,
  });
  assert.ok(chunks.length > 3);
  for (const chunk of chunks) {
    assert.ok(countTokens(chunk.content) <= 82, chunk.content);
    assert.match(chunk.content, /^Sentence number \d+ .*keepers\.$/s);
  }
  // The last sentence of a chunk opens the next one.
  const lastOfFirst = chunks[0]?.content.split('. ').at(-1) ?? '';
  assert.ok(chunks[1]?.content.startsWith(lastOfFirst.replace(/\.$/, '')));
});

test('a heading change starts a new chunk; pages follow the first sentence', () => {
  const chunks = chunkSections(
    [
      { text: paragraph(1, 4), heading: 'History', page: 1 },
      { text: paragraph(5, 4), heading: 'History', page: 2 },
      { text: paragraph(9, 4), heading: 'Keepers', page: 2 },
    ],
    { maxTokens: 400, overlapTokens: 20, minTokens: 10 },
  );
  assert.deepEqual(
    chunks.map((c) => [c.heading, c.page]),
    [
      ['History', 1],
      ['Keepers', 2],
    ],
  );
  assert.match(chunks[0]?.content ?? '', /keepers\.\n\nSentence number 5/);
});

test('a sentence longer than the limit is cut at words', () => {
  const long = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
  const chunks = chunkSections([{ text: long, heading: null, page: null }], {
    maxTokens: 50,
    overlapTokens: 0,
    minTokens: 10,
  });
  assert.ok(chunks.length >= 6);
  assert.equal(chunks.map((c) => c.content).join(' '), long);
});

test('a tiny section packed with the next keeps the next heading as a line of its own', () => {
  const chunks = chunkSections(
    [
      { text: 'Refunds take 14 days.', heading: 'Guide › Billing', page: null },
      { text: paragraph(1, 3), heading: 'Guide › Billing › Card payments', page: null },
    ],
    { maxTokens: 400, overlapTokens: 20, minTokens: 40 },
  );
  assert.equal(chunks.length, 1);
  assert.equal(chunks[0]?.heading, 'Guide › Billing');
  assert.match(chunks[0]?.content ?? '', /^Refunds take 14 days\.\n\nCard payments\n\nSentence number 1 /);
});
