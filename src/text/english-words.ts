import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { fnv1a } from './fnv1a.ts';

/**
 * Whether a lower-case word is English (the `word-list` package's 274k words). Held as the sorted
 * 32-bit hashes of the words, about 1 MiB instead of a Set's ~30 MiB; two words sharing a hash
 * make a misspelling pass as a word about once in 16,000 lookups, which only leaves it uncorrected.
 * Loaded on first use.
 */
export function isEnglishWord(word: string): boolean {
  const hashes = (wordHashes ??= loadHashes());
  const wanted = fnv1a(word);
  let low = 0;
  let high = hashes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((hashes[middle] as number) < wanted) low = middle + 1;
    else high = middle;
  }
  return low < hashes.length && hashes[low] === wanted;
}

let wordHashes: Uint32Array | undefined;

/** Loads the words now (a server does it once it listens, so no search waits for it). */
export function loadEnglishWords(): void {
  wordHashes ??= loadHashes();
}

function loadHashes(): Uint32Array {
  const words = readFileSync(wordListPath, 'utf8').split('\n').filter(Boolean);
  return Uint32Array.from(words, fnv1a).sort();
}
