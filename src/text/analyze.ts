import { stemmer } from 'stemmer';
import { eng } from 'stopword';

// The package's list misses the words of asking and greeting ("does", "when", "may", "please"):
// they fill questions and say nothing of the topic.
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
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const terms: string[] = [];
  for (const match of folded.matchAll(WORD)) {
    const word = match[0].replace(/['’]/g, '');
    if (word.length > 40 || STOPWORDS.has(word)) continue;
    terms.push(stemmer(word));
  }
  return terms;
}
