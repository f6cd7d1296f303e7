// Despair voiced, nothing asked, read by phrase in the six languages: the writer speaks of their
// own pain ("I cry every night", "no sé para qué sigo", "niemer redt mit mir"), asks no question,
// makes no request, and names no one to hurt and no plan. Harmful messages nearly always ask for
// something (how, which, write, find me, pretend); such a statement is answered with care
// (local-moderator.ts) even when a classifier reads its words as harm. Over normalised text, except
// the sentence ends and question marks, which normalising removes.
import { asksForMeans } from './method-request.ts';
import { normalise } from './normalise.ts';
import { any, GROUP, MINOR, VIOLENT_VERB, wholeWords, wordsStarting } from './vocabulary.ts';

/** The writer speaking of themselves. */
const FIRST_PERSON = wholeWords(
  'i', 'im', 'ive', 'id', 'me', 'my', 'myself',
  'je', 'jai', 'jsuis', 'chui', 'jme', 'jen', 'moi', 'mon', 'ma', 'mes',
  'yo', 'mi', 'estoy', 'tengo', 'quiero', 'quisiera', 'siento',
  'ich', 'mir', 'mich', 'mein', 'meine', 'bi', 'bin',
  'io', 'sono', 'ho', 'vorrei', 'sento',
  'eu', 'meu', 'minha', 'estou', 'to', 'tou', 'sinto', 'quero',
);
/** An English sentence without its "I" ("Can't see a way through."), read before normalising. */
const WITHOUT_I = /(?:^|[.!\n] *)(?:cant|cannot|feel|feels like)\b/;

/** The writer's own pain: crying, alone, worn out, worthless, no way out, wishing to disappear. */
const OWN_PAIN = wordsStarting(
  // en
  'cry', 'crying', 'alone', 'lonely', 'tired of', 'exhausted', 'worthless', 'useless', 'hopeless', 'empty', 'numb',
  'no way (?:out|through)', 'cant (?:go on|cope|take (?:it|this|any more)|see a way)', 'waste of space', 'hate myself',
  'wish i (?:could|was|were|wasnt|didnt)', 'not wake up', 'disappear', 'give up', 'the urge', 'hole', 'nobody', 'no one', 'a burden',
  'a failure', 'wrecked', 'falling apart', 'whats the point', 'no point', 'so low', 'drowning',
  // fr
  'pleure', 'pleurer', 'seule?', 'epuisee?', 'inutile', 'nulle?', 'vide', 'en peux plus', 'sers? a rien', 'disparaitre', 'plus envie',
  'personne', 'un fardeau', 'a quoi bon', 'je craque', 'au bout',
  // es
  'lloro', 'llorar', 'sola?', 'cansad[oa]', 'agotad[oa]', 'inutil', 'vaci[oa]', 'no puedo mas', 'desaparecer', 'apagarme', 'nadie',
  'una carga', 'para que sigo', 'no sirvo', 'hundid[oa]', 'sin salida',
  // de
  'weine', 'allein', 'ellei', 'einsam', 'erschopft', 'nutzlos', 'wertlos', 'leer', 'kann nicht mehr', 'verschwinden', 'niemand',
  'niemer', 'eine last', 'sinnlos', 'keinen sinn', 'am ende',
  // it
  'piango', 'piangere', 'sol[oa]', 'stanc[oa]', 'esaust[oa]', 'vuot[oa]', 'non ce la faccio', 'sparire', 'nessuno', 'un peso',
  'a che serve', 'non esserci', 'vorrei (?:solo )?che',
  // pt
  'choro', 'chorar', 'sozinh[oa]', 'esgotad[oa]', 'vazi[oa]', 'nao aguento', 'sumir', 'ninguem', 'um peso', 'pra que', 'sem saida',
);

/** A request: to be told, shown, written, found, helped, or to play a part; or "you" addressed. */
const MAKES_A_REQUEST = wholeWords(
  // en
  'tell', 'show', 'give', 'write', 'explain', 'describe', 'list', 'help me', 'teach', 'pretend', 'act as', 'roleplay', 'role play',
  'lets', 'imagine', 'you', 'your', 'please', 'send', 'make', 'generate', 'draft', 'find', 'i need', 'i want', 'post', 'get me',
  'walk me', 'spell out',
  // nl, which the moderator reads with the English parts
  'hoe', 'zeg me', 'leer me', 'speel',
  // An imperative with its "me" attached: "dime", "cuéntame", "dimmi", "raccontami", "diz-me".
  '\\w{2,}(?:ame|eme|ime|mmi|ami|imi|emi)', '(?:diz|manda|passa|conta|explica|mostra) me',
  // fr
  'dis', 'dites', 'donne', 'donnez', 'ecris', 'ecrivez', 'explique', 'expliquez', 'aide', 'fais', 'faites', 'imagine', 'joue',
  'raconte', 'tu', 'tua', 'toi', 'vous', 'ton', 'ta', 'tes', 'stp', 'svp', 'redige', 'trouve', 'propose', 'apprends', 'code', 'jai besoin',
  'je veux',
  // es
  'dime', 'dame', 'escribe', 'explica', 'haz', 'hazme', 'imagina', 'actua', 'eres', 'usted', 'porfa', 'por favor', 'redacta', 'busca', 'crea',
  'inventa', 'consigue', 'necesito',
  // de
  'sag', 'sagt', 'gib', 'schreib', 'schreibe', 'erklar', 'erklare', 'erzahl', 'hilf', 'stell dir vor', 'spiel(?! ich)', 'du', 'dich',
  'dir', 'dein', 'deine', 'bitte', 'mach(?! ich)', 'formulier', 'finde', 'erstell', 'verfass', 'ich brauche?', 'ich will',
  // it
  'scrivi', 'spiega', 'fai', 'immagina', 'fingi', 'racconta', 'sei', 'ti', 'tuo', 'tua', 'per favore', 'prepara', 'inventa',
  'interpreta', 'mi servono', 'mi serve',
  // pt
  'diz', 'diga', 'da me', 'me da', 'escreve', 'escreva', 'explique', 'me ajuda', 'ajuda me', 'faz', 'faca', 'finge', 'conta', 'voce',
  'vc', 'es', 'teu', 'me passa', 'me ensina', 'me manda', 'cria', 'monta', 'descobre', 'seja', 'preciso',
);

/** A sentence opening as a question, with or without its question mark; or a question word that
 * is one wherever it stands ("which", "quale", "wann"). */
const ASKS_A_QUESTION = new RegExp(
  `(?:^|[.!\\n] *)${any(
    'how', 'what', 'whats', 'which', 'where', 'when', 'who', 'can', 'could', 'is', 'are', 'do', 'does', 'should',
    'comment', 'quest ce', 'que', 'quoi', 'quel\\w*', 'ou', 'quand', 'combien', 'qui',
    'como', 'cual\\w*', 'donde', 'cuando', 'cuant\\w*', 'quien',
    'wie', 'was', 'welch\\w*', 'wo', 'wann', 'wer', 'kann', 'soll',
    'come', 'cosa', 'che', 'qual\\w*', 'dove', 'quando', 'quant\\w*', 'chi',
    'o que', 'quais', 'onde', 'quem',
  )}\\b|\\b${any(
    'which', 'how (?:do|can|many|much)', 'quel(?:le)?s?', 'comment', 'cual(?:es)?', 'como (?:hago|puedo|lo|la|le|faco|posso)',
    'welche[rsnm]?', 'wann', 'womit', 'with what', 'con (?:cosa|che cosa|que)', 'com o que', 'quale', 'quali',
    'come (?:faccio|posso|lo|la|le|gli|mi)', 'qual', 'quais',
  )}\\b`,
);

const MEANS = any(
  'pills', 'rope', 'bridge', 'cliffs?', 'platform', 'roof', 'cachets', 'corde', 'pont', 'pastillas', 'cuerda', 'puente', 'tabletten',
  'strick', 'brucke', 'pastiglie', 'corda', 'ponte', 'comprimidos',
);
const SOON = any(
  'tonight', 'tomorrow', 'ce soir', 'demain', 'esta noche', 'manana', 'heute', 'morgen', 'stasera', 'stanotte', 'domani', 'domattina',
  'hoje', 'amanha',
);

/** Someone else to hurt, a group, a child or intimate pictures named; an intent to act; or a plan
 * (a means named, or a place and a time). */
const OTHERS_OR_A_PLAN = wordsStarting(
  `${VIOLENT_VERB}\\w* (?:him|her|them|my|his|the|a|someone|somebody|everyone)`, GROUP, MINOR,
  // Others called a burden or useless: "they are", "sie sind", "ils sont", "son", "são".
  '(?:they are|theyre|are all|sont|sind|son|sao) (?:\\w+ ){0,2}(?:a burden|useless|un fardeau|inutiles|eine last|nutzlos|una carga|um peso|inuteis)',
  '(?:[1-9]|1[0-7]) (?:ans|anos|anni|jahre|jahrigen?)', 'jahrige\\w*', 'vid[e]?os?', 'photos?', 'fotos?', 'bilder', 'nudes?', 'porn\\w*',
  '(?<!not )(?:gonna|going to)', 'thinking (?:about|of) (?:\\w+ing|it)', 'decided', 'je vais', 'voy a', 'ich werde', 'vado a', 'vou',
  'decidere come', 'decidido', 'decidi', 'beschlossen', 'deciso',
  'overdos\\w*', 'insulin\\w*', 'pills', 'rope', 'noose', 'gun', 'cachets', 'corde', 'pastillas', 'cuerda', 'tabletten', 'strick',
  'pastiglie', 'corda', 'comprimidos', 'remedios',
  `${MEANS}\\b.*\\b${SOON}`, `${SOON}\\b.*\\b${MEANS}`,
);

/** Lowercase, without accents or apostrophes ("can't" is "cant"), keeping the sentence ends. */
const sentences = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f'’]/g, '');

/** Whether the message asks no question and makes no request (nor addresses "you"). */
export function asksNothing(text: string): boolean {
  return !/[?¿]/.test(text) && !ASKS_A_QUESTION.test(sentences(text)) && !MAKES_A_REQUEST.test(normalise(text));
}

/** Whether the message voices the writer's own pain and asks for nothing. */
export function voicesDespair(text: string): boolean {
  if (!asksNothing(text)) return false;
  const normalised = normalise(text);
  return (
    (FIRST_PERSON.test(normalised) || WITHOUT_I.test(sentences(text))) &&
    OWN_PAIN.test(normalised) &&
    !OTHERS_OR_A_PLAN.test(normalised) &&
    !asksForMeans(text)
  );
}
