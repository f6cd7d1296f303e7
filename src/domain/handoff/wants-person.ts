// Whether a visitor's message asks for a person, offline (no generative model): a small phrase
// matcher over English and the languages the local moderator's rules cover (Spanish, French,
// German, Portuguese, Italian, Dutch). It looks for a request ("can I talk to a human",
// "pásame con una persona"), never a topic ("how many people work there"), and a negated request
// ("I don't need a human") does not count.

/** Lowercase, no accents or apostrophes ("quelqu'un" is "quelquun"), single spaces. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const any = (...list: string[]) => `(?:${list.join('|')})`;

const EN_PERSON = any(
  '(?:a |an |some )?(?:real |actual |live |human )?(?:human|person|people|representative|rep|operator|agent|staff|employee|somebody|someone|customer (?:service|support))(?: being)?',
  'your (?:team|staff|support team)',
);
const ES_PERSON = any(
  '(?:una |un )?(?:persona|humano|humana|agente|operador|operadora|representante|asesor|asesora)(?: real)?',
  'alguien',
);
const FR_PERSON = any(
  '(?:une |un )?(?:vraie |vrai )?(?:personne|humain|conseiller|conseillere|agent|operateur|operatrice)(?: reel| reelle)?',
  'quelquun',
);
const DE_PERSON = any(
  '(?:einem |einer |einen )?(?:echten |richtigen )?(?:menschen|mensch|mitarbeiter|mitarbeiterin|person|berater|beraterin|kundenberater)',
  'jemandem',
);
const PT_PERSON = any(
  '(?:uma |um )?(?:pessoa|humano|atendente|agente|operador|operadora)(?: real| de verdade)?',
  'alguem',
);
const IT_PERSON = any(
  '(?:una |un )?(?:persona|umano|operatore|operatrice|agente|consulente)(?: vera| vero| reale)?',
  'qualcuno',
);
const NL_PERSON = any('(?:een )?(?:echt |echte )?(?:mens|medewerker|medewerkster|persoon)', 'iemand');

const PATTERNS: RegExp[] = [
  // English
  new RegExp(`\\b(?:talk|speak|chat) (?:to|with) ${EN_PERSON}\\b`),
  new RegExp(`\\b(?:connect|transfer|put|pass|hand) (?:me )?(?:through )?(?:to|with) ${EN_PERSON}\\b`),
  new RegExp(`\\b(?:i (?:want|need|would like|d like)|get me|give me|can i (?:get|have)) ${EN_PERSON}\\b`),
  new RegExp(`\\bis (?:there|this) (?:a |an )?(?:real |actual )?(?:human|person)\\b`),
  /^(?:(?:a |an )?(?:real |live )?(?:human|person|agent|operator|representative)(?: please)?|live (?:agent|chat|person))$/,
  // Spanish, French, German, Portuguese, Italian, Dutch
  new RegExp(`\\b(?:hablar|habla|comunicarme|comunicar) con ${ES_PERSON}\\b`),
  new RegExp(`\\b(?:quiero|necesito|pasame con|paseme con|ponme con) ${ES_PERSON}\\b`),
  new RegExp(`\\b(?:parler|discuter) (?:a|avec) ${FR_PERSON}\\b`),
  new RegExp(`\\b(?:je veux|je voudrais|jaimerais|il me faut|passez moi) ${FR_PERSON}\\b`),
  new RegExp(`\\b(?:mit|an) ${DE_PERSON} (?:sprechen|reden|verbinden|chatten)\\b`),
  new RegExp(`\\b(?:sprechen|reden|verbinden sie mich|chatten) mit ${DE_PERSON}\\b`),
  new RegExp(`\\b(?:falar|conversar) com ${PT_PERSON}\\b`),
  new RegExp(`\\b(?:quero|preciso de|gostaria de) ${PT_PERSON}\\b`),
  new RegExp(`\\b(?:parlare|chattare) con ${IT_PERSON}\\b`),
  new RegExp(`\\b(?:voglio|vorrei|mi serve|passami) ${IT_PERSON}\\b`),
  new RegExp(`\\b(?:spreken|praten|chatten) met ${NL_PERSON}\\b`),
  new RegExp(`\\bmet ${NL_PERSON} (?:spreken|praten|chatten)\\b`),
  new RegExp(`\\b(?:ik wil|ik wil graag) ${NL_PERSON}\\b`),
];

/** A negation just before the request turns it around ("I don't want to talk to a person"). */
const NEGATION = /\b(?:dont|do not|no need to|not|never|without|no|nao|non|ne|pas|nicht|kein|keinen|niet|geen|sin)\b/;
const NEGATION_REACH = 4; // words before the match

export function wantsPerson(message: string): boolean {
  const text = normalise(message);
  for (const pattern of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const before = text.slice(0, match.index).split(' ').filter(Boolean).slice(-NEGATION_REACH).join(' ');
    const inside = match[0].split(' ').slice(0, 2).join(' ');
    if (!NEGATION.test(before) && !NEGATION.test(inside)) return true;
  }
  return false;
}
