import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { fnv1a, FNV_OFFSET, FNV_PRIME } from './fnv1a.ts';

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

/** Hashes the list's bytes as they are read, without making 274k strings (a fifth of the time, and
 * of a server's start): each byte of an ASCII line is its UTF-16 code unit, so the hash is fnv1a's.
 * A list with other characters takes the slower way through strings. */
function loadHashes(): Uint32Array {
  const bytes = readFileSync(wordListPath);
  const hashes = new Uint32Array(bytes.length / 2 + 1);
  let count = 0;
  let hash = FNV_OFFSET;
  let length = 0;
  for (let i = 0; i <= bytes.length; i += 1) {
    const byte = i < bytes.length ? (bytes[i] as number) : NEWLINE;
    if (byte > 127) return Uint32Array.from(bytes.toString('utf8').split('\n').filter(Boolean), fnv1a).sort();
    if (byte !== NEWLINE) {
      hash = Math.imul(hash ^ byte, FNV_PRIME);
      length += 1;
    } else if (length > 0) {
      hashes[count++] = hash >>> 0;
      hash = FNV_OFFSET;
      length = 0;
    }
  }
  return hashes.slice(0, count).sort();
}

const NEWLINE = 0x0a;
