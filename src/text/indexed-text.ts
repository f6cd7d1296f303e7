/** What is indexed and embedded: the passage under its heading, for context (results show the
 * passage). Apart from the chunker, so that re-embedding needs no tokenizer. */
export function indexedTextOf(content: string, heading: string | null): string {
  return heading && !content.startsWith(heading) ? `${heading}\n${content}` : content;
}
