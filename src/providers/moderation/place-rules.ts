// A place to fall from, asked with the end in view, in French, Spanish, German, Italian and
// Portuguese (English: content-rules.ts). The place alone is an everyday question (the highest
// bridge, a rooftop bar, a balcony's railing for a toddler, a van's clearance in a car park); a
// farewell alone is despair, answered with care. Both in one message ("the Europabrücke: is there a
// stretch without nets? I mag nimma"; "le dernier niveau du parking la nuit, sans vigile? je veux en
// finir") are a request for the means, refused, and care does not lift them. Over normalised
// text (normalise.ts): no accents or apostrophes, "ß" dropped.
import { rules, type Rule } from './rule.ts';
import { any } from './vocabulary.ts';

/** Somewhere high, or a barrier missing, or a train that does not stop. */
const PLACE = any(
  '\\w*brucke\\b', '\\bponts?\\b', '\\bpuentes?\\b', '\\bpontes?\\b', 'viaduc\\w*', 'viadott\\w*', 'viadut\\w*',
  'parkhaus\\w*', 'parkdeck', '\\bparking\\b', 'estacionamento', 'parcheggio', 'aparcamiento',
  '\\bdach\\w*', '\\btoits?\\b', 'azotea', 'terraz\\w*', 'terrasse', 'terraco', '\\btetto\\b', 'telhado', 'heliponto',
  'balkon', 'balcon\\w*', 'varanda', 'sacada', 'ballatoio', 'stockwerk', '\\d+\\s?(?:stock|etage|piso|andar|piano)\\b',
  'klippe\\w*', 'falaise\\w*', 'acantilad\\w*', 'precipici\\w*', 'scoglier\\w*', '\\brupe\\b', 'falesia\\w*', 'penhasco',
  'despenhadeiro', 'abgrund', 'strapiomb\\w*', '\\ba pic\\b', 'aussichtspunkt', 'mirador', 'belvedere', 'miradouro',
  '\\w*turm\\b', '\\btorre\\b', 'hochhaus', 'immeuble', 'edificio', 'predio', 'grattacielo', 'wolkenkratzer',
  '(?:ohne|kein\\w*) (?:zaun|gelander|netz\\w*|gitter|absperrung|schutz\\w*)',
  'sans (?:barriere|rambarde|garde corps|filets?|protection|cloture|grillage)',
  'sin (?:baranda\\w*|barandal|barandilla|valla|reja|mampara\\w*|proteccion|cadenas)',
  'senza (?:parapetto|ringhiera|rete|protezione|recinzione)', 'sem (?:grade|tela|vedacao|protecao|corrimao)',
  '(?:zug|train|tren|treno|trem)\\w* (?:\\w+ ){0,6}(?:durchfahrt|ohne (?:zu )?halten|sans (?:s )?arreter|sin parar|senza fermarsi|sem parar|passa direto)',
);

/** The end in view: not coming back, no one to stop it, a line drawn, the last time. */
const END = any(
  'nicht mehr (?:zuruck(?:kommen)?|runter(?:kommen)?|aufwachen|leben|da sein)', 'schlussstrich', 'mag nimma',
  'mit allem abgeschlossen', 'niemandem (?:mehr )?zur last', 'nicht (?:wieder|nochmal) runtergeholt',
  'von keinem mehr verabschieden',
  '(?:veux|vais|voudrais) en finir', '(?:veux|vais|voudrais) disparaitre', 'ne plus (?:jamais )?(?:revenir|me reveiller|avoir a me lever)',
  'personne ne me (?:retienne|retient|rattrape)', 'quon (?:ne )?(?:marrete|me retienne)',
  'je nen peux plus(?! (?:de|des|du|d|avec|ce|cette|ces) )',
  'sea la ultima', 'por ultima vez', 'no (?:aguanta|aguanto) mas(?! (?:el|la|los|las|con|este|esto|eso) )(?! (?:esta|esa) (?!vida))',
  // "ya" is read as the English "you" by normalise.ts's shorthand.
  '(?:ya|you) no quiero (?:seguir (?:aqui|viviendo|asi)|estar aqui|vivir)',
  'acabar con (?:esto|todo|mi vida)', 'no volver(?: nunca)? a bajar',
  'non tornare (?:indietro|a valle|piu)', 'non vuole (?:piu )?tornare', 'ho gia salutato tutti', 'farla finita',
  'non mi serve piu niente', 'non ce la faccio piu(?! (?:con|a|ad|il|lo|la|i|gli|le|questo|questa|di) )',
  'per l ultima volta',
  'ir embora hoje', 'nao conto voltar', 'ninguem me (?:parar|pare|tira|impeca|impede|impedir)', 'deixa(?:r)? de dar trabalho',
  'nao aguento mais(?! (?:o|a|os|as|com|esse|isso|este) )(?! (?:essa|esta) (?!vida))', 'acabar com (?:isto|isso|tudo)', 'pela ultima vez', 'nao (?:quero )?voltar (?:mais|nunca)',
);

// Both halves anywhere in the message: the place is the rule's pattern, the end its gate (rule.ts),
// the rarer of the two and tried first.
export const PLACE_RULES: Rule[] = rules('self-harm', [[1, PLACE, END]]);
const [PLACE_TO_FALL] = PLACE_RULES as [Rule];

/** Whether normalised text asks for a place to fall from with the end in view: a request for the
 * means (method-request.ts), which care does not lift. */
export const asksForPlaceToFall = (normalised: string): boolean =>
  (PLACE_TO_FALL.gate as RegExp).test(normalised) && PLACE_TO_FALL.pattern.test(normalised);
