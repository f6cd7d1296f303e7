import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSmallTalk } from './small-talk.ts';

test('greetings, thanks, yes and no are small talk in the six languages; any other word is not', () => {
  for (const text of [
    'Sure!',
    'hi again',
    'ok thx',
    'Merci encore',
    'gracias de nuevo',
    'Danke nochmal',
    'grazie ancora',
    'obrigado de novo',
  ])
    assert.equal(isSmallTalk(text), true, text);
  for (const text of ['', '...', 'sure, how many pills', 'bye forever', 'no one cares', 'again and again I cut'])
    assert.equal(isSmallTalk(text), false, text);
});
