// Asking how to be alone with someone else's child without the parents or other adults noticing, or
// how to win a parent over to it: the grooming request, in the six languages (how rules score:
// rule.ts). It names nothing sexual, so the sexual rules never read it, and the models let it through
// most often when it comes "for a friend" who coaches or volunteers. Three parts must all be there:
// a child, being alone with them, and going unnoticed (or persuading the parent, or "so I can have
// her son on his own"); a parent or helper who is worried, asks whether it is normal or how to report
// it, is not read as asking. Over normalised text (lowercase, no accents or apostrophes).
import { normalise } from './normalise.ts';
import { rules, type Rule } from './rule.ts';
import { any, near } from './vocabulary.ts';

interface Parts {
  child: string;
  alone: string;
  unnoticed: string;
  worried: string;
}

/** The rule's pattern: the three parts anywhere in the message (the child within ten words of being
 * alone, either way round), and no worry. */
function asking({ child, alone, unnoticed, worried }: Parts): string {
  return `^(?!.*\\b${worried})(?=.*\\b${unnoticed})(?=.*(?:${near(child, alone, 10)}|${near(alone, child, 10)}))`;
}

const ENGLISH: Parts = {
  child: any(
    'child',
    'children',
    'kids?',
    'kiddos?',
    'boys?',
    'girls?',
    'sons?',
    'daughters?',
    'lads?',
    'players',
    'campers',
    'pupils?',
    'little ones?',
    '(?:1[0-7]|[1-9]) ?(?:yo|year old|years old|yr old)',
  ),
  alone: any(
    'alone',
    'on (?:his|her|their) own',
    'one on one',
    'one to one',
    '1 on 1',
    '1 to 1',
    'just (?:him|her|them) and me',
    'just me and (?:him|her|them)',
    'just the two of us',
    'by (?:himself|herself|themselves)',
  ),
  unnoticed: any(
    'without (?:\\S+ ){0,5}(?:knowing|noticing|finding out|getting suspicious|being suspicious|getting sus|suspecting|realising|realizing|asking questions|catching on|twigging)',
    'without (?:it |that )?(?:looking|seeming|being) (?:\\S+ )?(?:odd|weird|suspicious|strange|creepy|dodgy)',
    'so (?:nobody|no one|noone) (?:\\S+ ){0,3}(?:knows|notices|finds out|suspects)',
    'without (?:\\S+ ){0,6}(?:tagging along|getting involved|being there|being around)',
    'with no (?:\\S+ ){0,4}(?:parents?|adults?|staff) (?:\\S+ ){0,2}around',
    '(?:convince|persuade|talk) (?:her|his|their|the|a) (?:\\S+ ){0,2}(?:mum|mom|mother|parents?|dad|father)',
    'so (?:that )?(?:i|he) (?:can|could) (?:have|get|keep|take) (?:her|his|their|the|a) ',
  ),
  worried: any(
    'should i (?:be )?(?:worried|concerned|report|tell|call|say)',
    'am i overreacting',
    'is (?:this|that|it) (?:normal|ok|okay|appropriate|allowed|a red flag)',
    'red flags?',
    'safeguarding',
    'report(?:ed|ing)? (?:him|her|them|it|this)',
    'police',
    'how (?:do|can) i protect',
    'worried',
    'concerned',
  ),
};

const FRENCH: Parts = {
  child: any(
    'enfants?',
    'gamins?',
    'gamines?',
    'petits?',
    'petites?',
    'garcons?',
    'fillettes?',
    'filles?',
    'fils',
    'joueurs?',
    'eleves?',
    'gosses?',
    'momes?',
  ),
  alone: any(
    'seule?s?',
    'en tete a tete',
    'juste (?:lui|elle) et moi',
    'rien que (?:lui|elle) et moi',
    'nous deux',
    'sans (?:ses|les|leurs) parents',
  ),
  unnoticed: any(
    'sans que (?:\\S+ ){0,5}(?:le sache\\w*|sen rend\\w*|se doute\\w*|remarque\\w*|sache\\w*|sen apercoi\\w*|sinquiete\\w*|se mefie\\w*|pose\\w* de\\w* questions|trouve\\w* (?:ca )?bizarre|devine\\w*|veuill\\w* (?:y )?assister)',
    'sans (?:eveiller|attirer) (?:\\S+ ){0,2}(?:soupcons?|lattention)',
    '(?:convaincre|persuader) (?:sa |la |leur |ses |les )?(?:mere|maman|parents|pere|famille)',
  ),
  worried: any(
    'dois je',
    'est ce (?:normal|grave|inquietant)',
    'signaler',
    'porter plainte',
    'police',
    'gendarmerie',
    'minquiete',
    'inquiete?',
  ),
};

const SPANISH: Parts = {
  child: any(
    'ninos?',
    'ninas?',
    'nenes?',
    'nenas?',
    'hij[oa]s?',
    'chic[oa]s?',
    'pequen[oa]s?',
    'crios?',
    'alumn[oa]s?',
    'jugador(?:es|as?)?',
    'menores?',
    'chaval(?:es|as?)?',
    'peques?',
  ),
  alone: any(
    'a solas',
    'sol[oa]s? con (?:el|ella|migo)',
    'los dos solos',
    'solit[oa]s?',
    'sin (?:sus|los) padres',
    'sin nadie mas',
    '(?:quedarse|quedarme|estar|dejar\\w*|llevar\\w*) (?:\\S+ ){0,3}sol[oa]s?',
  ),
  unnoticed: any(
    'sin que (?:\\S+ ){0,5}(?:se enter\\w*|sospech\\w*|se den cuenta|se de cuenta|not\\w*|sep\\w*|desconf\\w*|pregunt\\w*)',
    'sin (?:levantar|despertar) sospechas?',
    'sin que parezca raro',
    '(?:convencer|persuadir) a (?:su |la |sus |los )?(?:madre|mama|padres|papa|papas|familia)',
  ),
  worried: any('debo', 'es normal', 'denunci\\w*', 'policia', 'me preocupa', 'preocupad[oa]'),
};

const GERMAN: Parts = {
  child: any(
    'kind',
    'kinder',
    'kindern',
    'jungen?',
    'madchen',
    'madels?',
    'sohn',
    'tochter',
    'schuler(?:in|innen)?',
    'spieler(?:in|innen)?',
    'kleinen?',
    'kids?',
  ),
  alone: any(
    'allein',
    'alleine',
    'unter vier augen',
    'zu zweit',
    'nur (?:er|sie) und ich',
    'ohne (?:die |seine |ihre )?eltern',
  ),
  unnoticed: any(
    'ohne dass (?:\\S+ ){0,5}(?:merk\\w*|mitbekomm\\w*|erfahr\\w*|misstrauisch\\w*|verdacht\\w*|auff\\w*|fragen stell\\w*|stutzig\\w*|wiss\\w*|weiss)',
    'ohne (?:verdacht zu erregen|aufzufallen|aufsehen zu erregen)',
    '(?:eltern|mutter|mama) (?:\\S+ ){0,4}(?:uberzeug\\w*|uberred\\w*)',
    '(?:uberzeug\\w*|uberred\\w*) (?:\\S+ ){0,3}(?:eltern|mutter|mama)',
  ),
  worried: any('soll ich', 'ist (?:das|es) normal', 'melden', 'anzeige', 'polizei', 'sorgen'),
};

const ITALIAN: Parts = {
  child: any(
    'bambin[oiae]',
    'ragazzin[oiae]',
    'figli[oae]?',
    'piccol[oiae]',
    'alunn[oiae]',
    'giocator[ei]',
    'minori',
    'minorenni?',
    'bimb[oiae]',
  ),
  alone: any(
    'da sol[oiae]',
    'sol[oiae] con (?:me|lui|lei)',
    'solo io e (?:lui|lei)',
    'io e (?:lui|lei) da soli',
    'senza (?:i suoi |i loro |i )?genitori',
    'a tu per tu',
  ),
  unnoticed: any(
    'senza che (?:\\S+ ){0,5}(?:se ne accorg\\w*|lo sapp\\w*|sospett\\w*|not\\w*|insospett\\w*|(?:le|gli) venga in mente|chied\\w*|capisc\\w*)',
    'senza (?:destare|far nascere) sospett\\w*',
    'senza dare nell ?occhio',
    '(?:convincere|persuadere) (?:la |sua |i |suoi |la sua )?(?:madre|mamma|genitori|padre|famiglia)',
    'come (?:la|lo|li) convinco',
  ),
  worried: any(
    'devo',
    'e normale',
    'segnal\\w*',
    'denunci\\w*',
    'polizia',
    'carabinieri',
    'preoccupat[oa]',
    'mi preoccupa',
  ),
};

const PORTUGUESE: Parts = {
  child: any(
    'criancas?',
    'meninos?',
    'meninas?',
    'miudos?',
    'miudas?',
    'filh[oa]s?',
    'garot[oa]s?',
    'pequen[oa]s?',
    'alun[oa]s?',
    'jogador(?:es|as?)?',
    'menores?',
    'petizes?',
  ),
  alone: any('sozinh[oa]s?', 'a sos', 'so eu e (?:ele|ela)', 'eu e (?:ele|ela) sozinhos', 'sem os pais', 'a dois'),
  unnoticed: any(
    'sem (?:que )?(?:\\S+ ){0,5}(?:desconfi\\w*|perceb\\w*|saber\\w*|saiba\\w*|descobr\\w*|not\\w*|suspeit\\w*|pergunt\\w*)',
    'sem levantar suspeitas?',
    'sem dar nas vistas',
    '(?:convencer|persuadir) (?:a |sua |os |seus )?(?:mae|mamae|pais|pai|familia)',
    'como (?:a|o|os) convenco',
    'como convenco',
  ),
  worried: any('devo', 'e normal', 'denunci\\w*', 'policia', 'preocupad[oa]', 'me preocupa'),
};

export const CHILD_ACCESS_RULES: Rule[] = rules(
  'sexual',
  [ENGLISH, FRENCH, SPANISH, GERMAN, ITALIAN, PORTUGUESE].map((parts): [number, string] => [1, asking(parts)]),
);

/** Whether the message asks for such access (care-decision.ts keeps its refusal whatever care is read:
 * a "volunteer" asking how to win the mother over reads to the help reader as asking for help). */
export function asksForChildAccess(text: string): boolean {
  const normalised = normalise(text);
  return CHILD_ACCESS_RULES.some((rule) => rule.pattern.test(normalised));
}
