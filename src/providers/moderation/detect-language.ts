// Which language a message is in, for the local moderator's verdict and its measurements: its
// rules and its classifier were built on English. franc-min (trigrams) alone calls one short
// English message in six something else, so a message with enough English function words is
// English without asking it, unless it has more function words of French, Spanish, German, Italian
// or Portuguese. Words English shares with them ("a", "i", "in", "me", "no", "do", "so", "was") are
// evidence for neither: counted as English, they made Italian, Spanish and Portuguese messages
// English, which the language model then did not judge. franc-min also mixes up Spanish and
// Portuguese (and Italian) in short messages, so its answer gives way when another language's own
// function words (and letters: "ã", "ñ", "¿") outnumber those of franc's choice by two or more.
import { franc } from 'franc-min';

const SHARED = new Set('a i in me no do so was will is an on'.split(' '));
const ENGLISH_WORDS = new Set(
  'the to and or of for with my your you are be does did how what why when where can could should would it this that not have has if but at from by about just'.split(
    ' ',
  ),
);
/** Function words of the five other languages the moderator reads, each found in that one alone
 * of the six (as far as short messages go). */
const OWN_WORDS: Record<string, ReadonlySet<string>> = Object.fromEntries(
  Object.entries({
    spa: 'el los las y pero muy yo están qué cómo cuántas cuántos sin hay ya también nada algo dónde puedo tengo quiero mis tus sus porque este eso esto hacer mucho nadie hasta vez',
    fra: 'les des et est je pas du au ce ça mais sur vous nous avec pour j qu une elle ils leur comme dans sans très moi mon mes ton tes suis sont',
    deu: 'der die das und ist nicht ich ein eine mit zu den dem wie mich mir sie er auf für von ned bin hab habe kann soll wir ihr sich dass auch noch aber oder wenn',
    ita: 'il gli di che non sono ho hai è della per come cosa perché anche molto voglio fare sta questo questa quello quella mio mia tuo ci nel nella dei degli alla dalla sul sulla niente qualcuno dove',
    por: 'os um uma não você vocês pra é meu minha seu eu ele ela em na da dos das isso isto também muito tenho quero posso fazer ao pelo pela só aqui onde com nao voce tá',
  }).map(([code, list]) => [code, new Set(list.split(' '))]),
);
/** Letters only one of the languages uses. */
const OWN_LETTERS: Record<string, RegExp> = { por: /[ãõ]/u, spa: /[ñ¿¡]/u };
/** ISO 639-3 codes franc-min may answer; anything else is "und". */
const CANDIDATES = ['eng', 'fra', 'spa', 'deu', 'por', 'ita', 'nld'];

/** An ISO 639-3 code ("eng", "fra", …) or "und" when the text is too short to tell. */
export function detectLanguage(text: string): string {
  const lower = text.toLowerCase();
  const all = lower.match(/\p{L}+/gu) ?? [];
  const words = all.filter((word) => !SHARED.has(word));
  const own = (code: string): number =>
    words.filter((word) => OWN_WORDS[code]?.has(word)).length + (OWN_LETTERS[code]?.test(lower) ? 2 : 0);
  const english = words.filter((word) => ENGLISH_WORDS.has(word)).length;
  const scores = Object.keys(OWN_WORDS).map((code) => ({ code, score: own(code) }));
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
  // Shared words count towards enough English, not towards more English than another language's.
  const withShared = english + all.length - words.length;
  if (withShared >= 2 && withShared / all.length >= 0.15 && english >= best.score) return 'eng';
  const guess = franc(text, { minLength: 12, only: CANDIDATES });
  const guessed = guess === 'eng' ? english : guess in OWN_WORDS ? own(guess) : 0;
  return best.score >= guessed + 2 ? best.code : guess;
}
