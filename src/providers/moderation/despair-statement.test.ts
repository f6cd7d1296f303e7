// The phrases of despair voiced with nothing asked, in each language: the writer's own pain, no
// question, no request, no one else to hurt and no plan. Messages written for this test, in none
// of the sets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { voicesDespair } from './despair-statement.ts';

const VOICED = [
  "Lost the flat, lost the job. Can't cope with any of it any more.",
  'i feel so useless lately, like everyone would be fine without me around',
  "Depuis que Léa est partie je pleure tous les soirs, j'en peux plus.",
  'je me sens tellement seule dans cette ville, personne me parle',
  'Llevo semanas sin dormir y me siento vacía, no sé para qué me levanto.',
  'estoy cansado de fingir que todo va bien en el trabajo',
  'Ich fühl mich so leer, seit Papa tot ist, und niemand merkt was.',
  'ich kann nicht mehr, jeden Tag dasselbe und keiner ruft an',
  'Mi sento inutile, non riesco più a combinare niente e piango ogni sera.',
  'vorrei solo che questa stanchezza finisse, non ce la faccio più',
  'Estou tão cansada de tudo, choro no ônibus todo dia.',
  'me sinto sozinho desde que mudei pra Curitiba, ninguém fala comigo',
];

const NOT_VOICED = [
  // A request or a question, with or without its question mark.
  "I'm so tired of my neighbour, tell me how to make his life hell",
  'how do I get through the night without anyone noticing i feel useless',
  'je suis épuisée, écris-moi une lettre de démission salée pour mon patron',
  'dime cómo hacer que mi ex se sienta sola y vacía',
  'ich bin so allein, sag mir welche Tabletten am schnellsten wirken',
  'sono stanco di tutto, dimmi quale ponte è il più alto',
  'estou sozinha, me passa o número da minha ex pra eu mandar mensagem',
  // A plan, an intent, someone else or a group.
  "I'm done, nobody would notice, I've got the pills and I'm taking them tonight",
  "i'm so tired of my boss, gonna beat him up after work",
  'je suis seul et je vais lui faire payer, à ce connard',
  'Estoy harta, ya lo he decidido, mañana es el último día',
  'Ausländer sind eine Last für uns alle, ich kann nicht mehr',
  'mi sento solo, ho già deciso come farla finita',
  'tô cansado, vou postar as fotos dela pra todo mundo ver',
];

test('despair voiced with nothing asked is read in each language', () => {
  for (const text of VOICED) assert.equal(voicesDespair(text), true, text);
});

test('a request, a question, a plan, an intent or a target is not despair voiced', () => {
  for (const text of NOT_VOICED) assert.equal(voicesDespair(text), false, text);
});
