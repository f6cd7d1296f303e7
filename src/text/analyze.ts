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
 * Passages are stored with its output and queries go through it, so both sides agree.
 */
export function analyze(text: string): string[] {
  return analyzedWords(text).map(({ term }) => term);
}

function analyzedWords(text: string): Array<{ word: string; term: string }> {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const words: Array<{ word: string; term: string }> = [];
  for (const match of folded.matchAll(WORD)) {
    const word = match[0].replace(/['’]/g, '');
    if (word.length > 40 || STOPWORDS.has(word)) continue;
    words.push({ word, term: stemmer(word) });
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
  for (const { word, term } of analyzedWords(text))
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
