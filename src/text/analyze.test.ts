import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeQuery } from './analyze.ts';
import { isEnglishWord } from './english-words.ts';

test('English words are known, misspellings and names are not', () => {
  for (const word of ['network', 'request', 'what', 'the', 'storage']) assert.equal(isEnglishWord(word), true, word);
  for (const word of ['boolen', 'netwrok', 'reqeust', 'valgrind']) assert.equal(isEnglishWord(word), false, word);
});

test('a question: its distinct terms, and those that may be misspelt', () => {
  const query = analyzeQuery('Is there a boolen type? The netwrok request, the request again');
  assert.deepEqual(query.terms, ['boolen', 'type', 'netwrok', 'request', 'again']);
  assert.deepEqual(query.correctable, ['boolen', 'netwrok']);
});

test('numbers, short words and contractions typed without the apostrophe are not misspellings', () => {
  assert.deepEqual(analyzeQuery('why doesnt the x86 port on qt shouldnt youre').correctable, []);
});
