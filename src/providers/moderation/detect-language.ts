// Which language a message is in, for the local moderator's verdict and its measurements: its
// rules and its classifier were built on English. franc-min (trigrams) alone calls one short
// English message in six something else, so a message with enough English function words is
// English without asking it; otherwise franc-min chooses among the languages people most often
// write to an English-first support chat in.
import { franc } from 'franc-min';

const ENGLISH_WORDS = new Set(
  'the a an to and or of in on for with my your i you me is are was be do does did how what why when where can could should would will it this that not no have has if so but at from by about just'.split(
    ' ',
  ),
);
/** ISO 639-3 codes franc-min may answer; anything else is "und". */
const CANDIDATES = ['eng', 'fra', 'spa', 'deu', 'por', 'ita', 'nld'];

/** An ISO 639-3 code ("eng", "fra", …) or "und" when the text is too short to tell. */
export function detectLanguage(text: string): string {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  if (english >= 2 && english / words.length >= 0.15) return 'eng';
  return franc(text, { minLength: 12, only: CANDIDATES });
}
