// A passage's search terms, apart from chunking so that what re-analyses stored passages (the
// terms upgrade, which every server and CLI process composes) does not load the tokenizer.
import { analyze } from './analyze.ts';

/** How many times a heading's terms count in BM25 against once for the passage's own words: a
 * heading (or a text entry's title) names what the passage is about, so it is a weighted field. */
export const HEADING_WEIGHT = 2;

/**
 * The version of the stored terms: raise it whenever `analyze` or `termsOf` gives other terms for
 * the same text. Each passage is stored with the version its terms were made with; at start a
 * server re-analyses the passages of an older version from their stored text (see
 * domain/knowledge/upgrade-terms.ts). 1: before identifiers also counted as their words.
 */
export const ANALYZER_VERSION = 2;

/** The analysed terms of the full-text index: the heading's, weighted, then the passage's. */
export function termsOf(content: string, heading: string | null): string[] {
  const headingTerms = heading && !content.startsWith(heading) ? analyze(heading) : [];
  return [...Array.from({ length: HEADING_WEIGHT }, () => headingTerms).flat(), ...analyze(content)];
}
