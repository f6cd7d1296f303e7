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
    ['ho visto i biglietti in offerta a Torino, come faccio a prenotare i posti in treno per i bambini', 'ita'],
  ] as const)
    assert.equal(detectLanguage(text), language, text);
});

test('Spanish and Portuguese are told apart by their own words and letters, where franc-min mixes them up', () => {
  for (const [text, language] of [
    ['me ensina a trocar a senha do app, não consigo entrar', 'por'],
    ['ya no sé cómo pedir la factura, me la pueden mandar por correo?', 'spa'],
    ['o ônibus não passou hoje, vocês sabem se tem greve?', 'por'],
  ] as const)
    assert.equal(detectLanguage(text), language, text);
});
