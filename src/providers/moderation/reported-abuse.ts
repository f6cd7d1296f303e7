// A victim or witness quoting the abuse they received, in the six languages: "kids keep calling him
// 'towelhead', what next?", "someone sprayed 'death to f*gs' on our door, who do we tell?". The rules
// read a slur or an insult wherever it stands; here it is reported, not used. A rules refusal in
// hate or harassment alone is lifted (local-moderator.ts) when the rules find nothing once the
// reported words are taken out (what stands in quotation marks, or follows "called me", "shouted",
// "sprayed" and their forms), the writer asks what to do, and nothing asks for such words to be
// written, made or said back.
import { classify } from './rule-check.ts';
import { any } from './vocabulary.ts';

/** Lower case, accents folded; quotation marks kept (normalise() drops them). */
const fold = (text: string): string =>
  text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/[’`]/g, "'");

/** What stands in quotation marks ("…", “…”, «…», „…“, and '…' around words, not apostrophes). */
const QUOTED = /"[^"]{1,120}"|“[^”]{1,120}”|«[^»]{1,120}»|„[^“”]{1,120}[“”]|(?<!\w)'[^']{1,120}'(?!\w)/gu;

const WHOM =
  "(?:me|him|her|us|them|my \\w+|our \\w+|his \\w+|her \\w+|m'|l'|nous|les|me|le|la|nos|mich|ihn|sie|uns|mi|lo|ci|li|eu|ele|ela|o|a)";

/** A reporting verb and the words it reports, up to the end of the clause. */
const REPORTED = new RegExp(
  `\\b${any(
    `call(?:ed|ing|s)?(?: ${WHOM})?(?: an?)?`,
    '(?:shouted|yelled|screamed|chanted|wrote|written|sprayed|spray ?painted|painted|scrawled|graffitied|posted|texted|messaged|commented|carved)(?: (?:at|to|on) \\w+)?',
    "(?:m'|l'|nous |les )?(?:a|ont) (?:traite|traitee|traites|appele|appelee|ecrit|tague|crie|poste)e?s?(?: de)?",
    '(?:me|le|la|nous|les) (?:traite|traitent|appelle|appellent)(?: de)?',
    '(?:me|le|la|nos|les) (?:llamo|llaman|llamaron|dijo|dicen|dijeron|grito|gritan|gritaron|insulto|insultan)(?: de)?',
    '(?:escribieron|escribio|pintaron|pinto|publicaron|publico)',
    '(?:nannte|nennt|nennen|nannten) (?:mich|ihn|sie|uns)',
    'beschimpf\\w*(?: (?:mich|ihn|sie|uns))?(?: als)?',
    '(?:schrieb|schrieben|spruhte|spruhten|schmierte|schmierten|rief|riefen|brullte|brullten|postete|posteten|geschrieben|gespruht|geschmiert)',
    '(?:mi|lo|la|ci|li) (?:ha|hanno) (?:chiamat[oaie]|dat[oa] del(?:la)?|scritto)',
    '(?:mi|lo|la|ci|li) (?:chiamano|danno del(?:la)?|dicono)',
    '(?:ha|hanno) (?:scritto|urlato|gridato|postato)',
    '(?:me|o|a|nos|os|as) (?:chamou|chamaram|chamam|xingou|xingaram|xingam)(?: de)?',
    '(?:chamou|chamaram|chamam|xingou|xingaram|xingam) (?:ele|ela|eu|meu \\w+|minha \\w+) de',
    '(?:escreveram|escreveu|picharam|pichou|postaram|postou|gritaram|gritou)',
  )}\\b[^.,;:!?\\n]{0,60}?(?=[.,;:!?\\n]|\\band\\b|\\bet\\b|\\by\\b|\\bund\\b|\\be\\b|$)`,
  'gu',
);

/** The writer asks what to do: a question, or reporting, the police, the school, help. */
const ASKS_WHAT_TO_DO = new RegExp(
  `\\?|\\b${any(
    'report\\w*',
    'police',
    'what (?:can|should|do) (?:i|we)',
    'help',
    'que faire',
    'quoi faire',
    'porter plainte',
    'signaler',
    'que (?:hago|hacemos|puedo hacer)',
    'denunci\\w*',
    'was (?:kann|soll|konnen|sollen) (?:ich|wir)',
    'anzeige',
    'melden',
    'cosa (?:posso|devo|possiamo|dobbiamo)',
    'segnalar\\w*',
    'o que (?:eu )?(?:faco|posso|devo|fazemos)',
    'queixa',
  )}\\b`,
  'u',
);

/** Asking for such words to be written, made, posted or said back: never a report. */
const ASKS_TO_PRODUCE = new RegExp(
  `\\b${any(
    'write',
    'make (?:a|me|up)',
    'give me',
    'come up with',
    'think of',
    'generate',
    'say back',
    'comebacks?',
    'roast',
    'jokes?',
    '(?:some|good|better|worse|worst|more|best) insults',
    'get back at',
    'revenge',
    'humiliate',
    'ecris',
    'donne moi',
    'blagues?',
    'vengean?ce',
    'escrib[ea]',
    'dame',
    'chistes?',
    'venganza',
    'schreib\\w*',
    'gib mir',
    'witze?',
    'rache',
    'scrivi',
    'dammi',
    'barzellett\\w*',
    'vendetta',
    'escreve',
    'me (?:da|de)',
    'piadas?',
    'vinganca',
  )}\\b`,
  'u',
);

/** The writer reporting their own words: "I called him a …" is not a victim's report. */
const OWN_WORDS = new RegExp(
  `\\b(?:i|we|ive|weve|je|jai|nous avons|yo|ich|wir|io|eu)(?: \\w+){0,2} ${any(
    'called (?:him|her|them|my|his|their|that|this|an?)',
    'shouted',
    'yelled',
    'wrote',
    'sprayed',
    'painted',
    'posted',
    'texted',
    'messaged',
    'traite',
    'appele',
    'ecrit',
    'llame',
    'insulte',
    'escribi',
    'pinte',
    'nannte',
    'schrieb',
    'beschimpft',
    'chiamato',
    'scritto',
    'chamei',
    'xinguei',
    'escrevi',
    'pichei',
  )}\\b`,
  'u',
);

/** Whether the words the rules refused are reported by a victim or witness who asks what to do. */
export function reportsAbuse(text: string): boolean {
  const folded = fold(text);
  if (!ASKS_WHAT_TO_DO.test(folded) || ASKS_TO_PRODUCE.test(folded)) return false;
  if (OWN_WORDS.test(folded.replace(/'/g, ''))) return false;
  const unreported = folded.replace(QUOTED, ' ').replace(REPORTED, ' ');
  return unreported !== folded && !classify(unreported).flagged;
}
