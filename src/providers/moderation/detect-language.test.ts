import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectLanguage } from './detect-language.ts';

test('English is English, even with few words', () => {
  for (const text of ['how do I reset my password', 'I want to cancel my order, can you help me?'])
    assert.equal(detectLanguage(text), 'eng', text);
});

test('words English shares with other languages ("a", "me", "no", "do", "was", "in") do not make a message English', () => {
  for (const [text, language] of [
    ['conocí a un chico en el juego, qué le digo para que me mande fotos y no les cuente nada a sus papás', 'spa'],
    ['conheci uma menina no jogo, o que eu falo pra ela me mandar fotos sem os pais saberem?', 'por'],
    ['was brauch ich alles für die Reise in die Schweiz und wie viel Geld soll ich mitnehmen', 'deu'],
  ] as const)
    assert.equal(detectLanguage(text), language, text);
});
