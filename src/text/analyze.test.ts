import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, analyzeQuery } from './analyze.ts';
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

test('a passage names an identifier whole and by its words; a question keeps it whole', () => {
  assert.deepEqual(analyze('Call parentPort.postMessage()'), [
    'call',
    'parentport',
    'parent',
    'port',
    'postmessag',
    'post',
    'messag',
  ]);
  assert.deepEqual(analyze('new URLSearchParams'), ['new', 'urlsearchparam', 'url', 'search', 'param']);
  // Capitals alone, or a run of them before a word, are a name, not an identifier.
  assert.deepEqual(analyze('SQLite and HTML'), ['sqlite', 'html']);
  assert.deepEqual(analyzeQuery('what does postMessage return').terms, ['postmessag', 'return']);
});
