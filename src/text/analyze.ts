import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import { isEnglishWord } from './english-words.ts';

// The package's list misses the words of asking, greeting and acknowledging ("does", "when",
// "please", "hi", "ok"): they fill questions and chat messages and say nothing of the topic.
const QUESTION_WORDS = [
  'does',
  'doesn',
  'don',
  'when',
  'why',
  'will',
  'may',
  'just',
  'please',
  'hi',
  'hello',
  'hey',
  'thanks',
  'thank',
  'thx',
  'ok',
  'okay',
  'yeah',
  'yep',
  'bye',
  'goodbye',
  'want',
  'need',
  'know',
  'tell',
  'anyone',
  'someone',
  'something',
  'anything',
];
const STOPWORDS = new Set<string>([...eng, ...QUESTION_WORDS]);
// Letters and digits of any script; apostrophes inside words are dropped ("don't" → "dont").
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/**
 * The full-text analyser: lower-case, accents folded, English stop words dropped, Porter-stemmed.
 * An identifier with a camel hump ("postMessage", "URLSearchParams") also yields its words, as a
 * search engine's word-delimiter filter reads it, so a passage naming it is found by "post message".
 * Passages are stored with its output; questions go through `analyzeQuery`, which keeps an
 * identifier whole: its parts are the common words documentation uses everywhere ("onRequest"
 * would add "request" to every fastify question that names the hook).
 * A change to what it gives a passage raises ANALYZER_VERSION (passage-terms.ts).
 */
export function analyze(text: string): string[] {
  return analyzedWords(text, true).map(({ term }) => term);
}

// A lower-case letter or digit followed by a capital: "SQLite" and "HTML" are not split.
const CAMEL_HUMP = /[\p{Ll}\p{N}]\p{Lu}/u;
// Before a capital that follows a lower-case letter or digit, and before the capital that starts
// a word after a run of capitals ("URL|Search|Params").
const CASE_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

function analyzedWords(text: string, splitIdentifiers: boolean): Array<{ word: string; term: string }> {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '');
  const words: Array<{ word: string; term: string }> = [];
  const add = (word: string) => {
    if (word.length > 40 || STOPWORDS.has(word)) return;
    words.push({ word, term: stemmer(word) });
  };
  for (const match of folded.matchAll(WORD)) {
    const original = match[0].replace(/['’]/g, '');
    add(original.toLowerCase());
    if (!splitIdentifiers || !CAMEL_HUMP.test(original)) continue;
    for (const part of original.split(CASE_BOUNDARY)) if (part.length > 1) add(part.toLowerCase());
  }
  return words;
}

export interface AnalyzedQuery {
  /** The question's distinct terms, in order. */
  terms: string[];
  /** Those that may be misspellings: from a word that is not English (nor a number, a short word
   * or a contraction typed without its apostrophe). The index replaces one its agent's vocabulary
   * lacks by the nearest term it holds. */
  correctable: string[];
}

/** A question as search reads it. */
export function analyzeQuery(text: string): AnalyzedQuery {
  // A term counts as misspelt only if no word it came from is a word.
  const misspelt = new Map<string, boolean>();
  for (const { word, term } of analyzedWords(text, false))
    misspelt.set(term, (misspelt.get(term) ?? true) && mayBeMisspelt(word));
  return {
    terms: [...misspelt.keys()],
    correctable: [...misspelt].filter(([, maybe]) => maybe).map(([term]) => term),
  };
}

const CONTRACTION = /(nt|re|ve|ll)$/;

function mayBeMisspelt(word: string): boolean {
  if (word.length < 4 || /\d/.test(word) || isEnglishWord(word)) return false;
  return !(CONTRACTION.test(word) && isEnglishWord(word.replace(CONTRACTION, '')));
}
