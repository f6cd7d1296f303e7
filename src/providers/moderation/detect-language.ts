// Which language a message is in, for the local moderator's verdict and its measurements: its
// rules and its classifier were built on English. franc-min (trigrams) alone calls one short
// English message in six something else, so a message with enough English function words is
// English without asking it, unless it has more function words of French, Spanish, German, Italian
// or Portuguese (words such as "a", "me", "no", "do", "in", "was" are English and theirs too: a
// Spanish or Portuguese message with four of them was taken for English); otherwise franc-min
// chooses among the languages people most often write to an English-first support chat in.
import { franc } from 'franc-min';

const ENGLISH_WORDS = new Set(
  'the a an to and or of in on for with my your i you me is are was be do does did how what why when where can could should would will it this that not no have has if so but at from by about just'.split(
    ' ',
  ),
);
/** Common function words of the five other languages the moderator reads (none of them English). */
const OTHER_WORDS = new Set(
  [
    'de la el los las y que en para por con una un se lo como mi tu', // es
    'le les des et est pour avec je il elle pas qui une du au mais sur ce ça', // fr
    'der die das und ist nicht ich ein eine mit zu den dem wie mich mir sie er es auf für von', // de
    'il di che non per con una un lo gli della sono mi ti e o da', // it
    'o da do dos das na em um uma com não os as é eu você pra para meu minha seu sua', // pt
  ]
    .join(' ')
    .split(' ')
    .filter((word) => !ENGLISH_WORDS.has(word)),
);
/** ISO 639-3 codes franc-min may answer; anything else is "und". */
const CANDIDATES = ['eng', 'fra', 'spa', 'deu', 'por', 'ita', 'nld'];

/** An ISO 639-3 code ("eng", "fra", …) or "und" when the text is too short to tell. */
export function detectLanguage(text: string): string {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  const other = words.filter((word) => OTHER_WORDS.has(word)).length;
  if (english >= 2 && english / words.length >= 0.15 && english >= other) return 'eng';
  return franc(text, { minLength: 12, only: CANDIDATES });
}
