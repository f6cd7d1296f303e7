// An announcement of the writer's own end that asks for nothing, read by phrase in the six
// languages: a decision made or a farewell taken ("I've made up my mind. Tonight's the night.",
// "Ya lo decidí… Dejé una carta para mi mamá"), no question, no request, no method or means named,
// nobody else threatened. It is the moment of highest risk, when engaging and pointing to help is
// the guidance: such a message is answered with care (local-moderator.ts), as despair is; a request
// for the means stays refused, plan or no plan. Read only on a refusal in self-harm alone ("I wrote
// a letter to the council" reads as a farewell here). Over normalised text.
import { asksNothing } from './despair-statement.ts';
import { asksForMeans } from './method-request.ts';
import { normalise } from './normalise.ts';
import { any, GROUP, MINOR, VIOLENT_VERB, wordsStarting } from './vocabulary.ts';

const SOME_WORDS = '(?:\\w+ ){0,3}';

/** A decision made, or goodbyes: letters or notes left, things given away. */
const ANNOUNCES = wordsStarting(
  // en
  '(?:ive|i have|i ve) (?:decided|made (?:up )?my (?:mind|decision)|said (?:my )?goodbyes?)',
  'my mind is made up',
  '(?:tonights|tonight is) the night',
  `(?:written|wrote|left) ${SOME_WORDS}(?:letters?|notes?|goodbyes?)\\b`,
  'goodbye (?:letters?|notes?)',
  '(?:given|gave) away (?:my|all)',
  'this is (?:my )?goodbye',
  // fr
  '(?:jai|je me suis) decide',
  'cest decide',
  'ma decision est prise',
  `jai (?:ecrit|laisse) ${SOME_WORDS}lettres?`,
  'lettres? dadieu',
  'jai dit (?:au revoir|adieu)',
  // es
  '(?:ya )?(?:lo )?decidi',
  'esta decidido',
  'tome (?:la|una|mi) decision',
  `(?:deje|escribi) ${SOME_WORDS}cartas?`,
  'cartas? de despedida',
  'me despedi de',
  // de
  'ich hab(?:e)? mich entschieden',
  'es ist entschieden',
  'meine entscheidung steht',
  'briefe? (?:liegen|liegt|geschrieben|hinterlassen)',
  'abschiedsbriefe?',
  'mich (?:von \\w+ )?verabschiedet',
  // it
  'ho deciso',
  'e deciso',
  'ho preso (?:la|una) (?:mia )?decisione',
  `ho (?:lasciato|scritto) ${SOME_WORDS}letter[ae]`,
  'letter[ae] daddio',
  'ho salutato',
  // pt
  '(?:ja|eu) decidi',
  'esta decidido',
  'tomei (?:a|uma|minha) decisao',
  `(?:deixei|escrevi) ${SOME_WORDS}cartas?`,
  'cartas? de despedida',
  'me despedi de',
);

/** A method or means named (then it is a plan, and refused), in the six languages. */
const MEANS_NAMED = wordsStarting(
  'pills?',
  'tablets?',
  'meds',
  'rope',
  'noose',
  'bridge',
  'roof',
  'cliff',
  'guns?',
  'knife',
  'blades?',
  'razor',
  'train',
  'overdose',
  'jump',
  'insulin',
  'bleach',
  'car park',
  'floor',
  'cachets',
  'comprimes',
  'medicaments',
  'corde',
  'pont',
  'toit',
  'falaise',
  'fusil',
  'couteau',
  'lame',
  'sauter',
  'pastillas',
  'cuerda',
  'puente',
  'azotea',
  'pistola',
  'cuchillo',
  'navaja',
  'tirarme',
  'saltar',
  'tabletten',
  'strick',
  'brucke',
  'dach',
  'waffe',
  'messer',
  'klinge',
  'springen',
  'zug',
  'pillole',
  'pastiglie',
  'compresse',
  'corda',
  'ponte',
  'tetto',
  'pistola',
  'coltello',
  'lametta',
  'buttarmi',
  'treno',
  'comprimidos',
  'remedios',
  'ponte',
  'telhado',
  'arma',
  'faca',
  'lamina',
  'pular',
  'me jogar',
  'trem',
);

/** A request phrased as a wish: to be told, encouraged or given something ("I just want you to tell
 * me it's the right time", "quero que me digas"). */
const WISHES_TO_BE_TOLD = wordsStarting(
  '(?:i|i just|just) (?:want|need) (?:you|someone|somebody) to',
  'je (?:veux|voudrais) (?:que tu|que vous|que quelquun)',
  'jveux que tu',
  '(?:quiero|quisiera|necesito) que (?:me|alguien|tu|usted)',
  'ich (?:will|mochte|brauche)(?: nur)?,? dass (?:du|mir|mich|jemand)',
  '(?:voglio|vorrei) che (?:mi|tu|qualcuno)',
  '(?:quero|queria|preciso) que (?:me|alguem|tu|voce|vc)',
);

/** The decision itself, which the means phrases also read ("a plan decided"): taken out before they
 * read the rest, where a method, an amount, a place, a time nobody is about or hiding it still
 * keeps the refusal. */
const DECISION = new RegExp(
  `\\b${any(
    '(?:ive|i have|i ve) decided',
    'its decided',
    'cest decide',
    '(?:ya )?lo decidi',
    'ya decidi',
    'ho deciso',
    'es ist entschieden',
    '(?:ja|eu) decidi',
  )}\\b`,
  'g',
);

/** Someone else to hurt, a group or a child named. */
const OTHERS = new RegExp(
  `\\b(?:${VIOLENT_VERB}\\w* (?:him|her|them|my|his|the|a|someone|somebody|everyone)|${GROUP}|${MINOR})`,
);

/** normalise() splits a word at "œ" ("sœur" reads "s your") and reads the Spanish "ya" (already) as
 * the chat shorthand for "you", which would count as addressing someone: both are set right here
 * (the models were trained on normalise() as it is). */
const unfolded = (text: string): string =>
  text
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'Oe')
    .replace(/\b[Yy]a\b/g, '');

/** Whether the message announces the writer's own end and asks for nothing. */
export function announcesOwnEnd(text: string): boolean {
  const plain = unfolded(text);
  const normalised = normalise(plain);
  return (
    ANNOUNCES.test(normalised) &&
    asksNothing(plain) &&
    !WISHES_TO_BE_TOLD.test(normalised) &&
    !MEANS_NAMED.test(normalised) &&
    !OTHERS.test(normalised) &&
    !asksForMeans(normalised.replace(DECISION, ' '))
  );
}
