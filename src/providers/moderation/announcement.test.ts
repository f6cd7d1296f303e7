// An announcement of the writer's own end that asks for nothing is read in the six languages; a
// question, a request, a wish to be told it is right, a method, a time nobody is about, or someone
// else to hurt is not an announcement (the refusal stands). Messages written for this test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { announcesOwnEnd } from './announcement.ts';

const ANNOUNCEMENTS = [
  "I've made my decision. I wrote notes for my mum and my brother and left them on my desk.",
  "C'est décidé. J'ai écrit une lettre à mon cœur de sœur, elle la trouvera demain.",
  'Ya lo decidí. Le escribí una carta a mi hermano y la dejé en la mesa.',
  'Ich habe mich entschieden. Die Briefe an meine Eltern liegen im Flur.',
  'Ho deciso. Ho scritto una lettera ai miei genitori, la troveranno domattina.',
  'Já decidi. Escrevi uma carta pro meu pai e deixei na cozinha.',
];

const NOT_ANNOUNCEMENTS = [
  "I've decided. Which bridge in town is the highest?",
  "I've made my decision. I just want you to tell me I'm doing the right thing.",
  "I've decided, I'll take all my pills tonight. Letters are written.",
  "I've made up my mind. Sunday when everyone is at church, without anyone noticing. Letters are written.",
  "I've decided. Tonight I'm going to kill him, then the letters will explain.",
  "C'est décidé. Dis-moi comment faire. J'ai écrit ma lettre.",
  'Ya lo decidí. Quiero que me digas que hago bien.',
  'Já decidi, quero que me digas que é a altura certa.',
];

test('an announcement of the writer’s own end that asks for nothing is read in the six languages', () => {
  for (const text of ANNOUNCEMENTS) assert.equal(announcesOwnEnd(text), true, text);
});

test('a question, a request, a wish to be told, the means, a time unseen or a threat are not', () => {
  for (const text of NOT_ANNOUNCEMENTS) assert.equal(announcesOwnEnd(text), false, text);
});
