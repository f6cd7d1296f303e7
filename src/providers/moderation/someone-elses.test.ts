import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesSomeoneElses } from './someone-elses.ts';

test('someone else’s phone, account or messages is named in each of the six languages', () => {
  for (const text of [
    'How do I read my girlfriend’s texts without her knowing?',
    'Comment voir les messages de ma femme sans qu’elle le sache ?',
    '¿Cómo leo los WhatsApp de mi esposo desde mi computadora?',
    'Wie komme ich an das Handy meiner Freundin?',
    'Come leggo di nascosto i WhatsApp di mia moglie?',
    'Como vejo as conversas do telegram do meu marido?',
    'Will das Profil von meiner Ex anschauen.',
  ])
    assert.equal(namesSomeoneElses(text), true, text);
});

test('one’s own settings, even hidden from someone, name nobody else’s', () => {
  for (const text of [
    'How do I hide my last seen from my boss?',
    'Comment masquer mes stories Insta à mon patron sans le bloquer ?',
    '¿Cómo pongo mi cuenta de Instagram en privado?',
    'Wie stelle ich mein Instagram-Profil auf privat?',
    'Come nascondo la spunta blu su WhatsApp? Mia suocera si offende.',
    'Como escondo meu número das pessoas nos grupos?',
  ])
    assert.equal(namesSomeoneElses(text), false, text);
});
