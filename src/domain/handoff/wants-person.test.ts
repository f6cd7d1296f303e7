import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wantsPerson } from './wants-person.ts';

const ASKS = [
  'Can I talk to a human please?',
  'I want to speak to a real person',
  'Connect me to an agent',
  'human',
  'Agent please',
  'I need a representative, this is not helping',
  'is this a real person?',
  'Quiero hablar con una persona',
  'Pásame con un agente, por favor',
  "Je voudrais parler à quelqu'un",
  'Je veux parler avec un conseiller',
  'Ich möchte mit einem Mitarbeiter sprechen',
  'Kann ich mit einem echten Menschen reden?',
  'Quero falar com um atendente',
  'Vorrei parlare con un operatore',
  'Ik wil met een medewerker spreken',
];

const DOES_NOT = [
  'How many people work at your shop?',
  'I talked to a person yesterday about my order',
  "I don't want to talk to a human, just tell me the price",
  'No need to connect me to an agent',
  'What does your personal data policy say?',
  'Is the human resources office open on Sunday?',
  'Can I store my boat over the winter?',
  'Ich will nicht mit einem Menschen sprechen',
  '¿Cuántas personas caben en el barco?',
];

test('a visitor asking for a person, in their own words', () => {
  for (const message of ASKS) assert.equal(wantsPerson(message), true, message);
});

test('a topic, a past event or a negated request is not a request', () => {
  for (const message of DOES_NOT) assert.equal(wantsPerson(message), false, message);
});
