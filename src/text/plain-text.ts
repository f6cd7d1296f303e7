import type { ExtractedSection } from './extracted.ts';

/** Paragraphs of typed text (blank lines separate them), under an optional heading. */
export function sectionsOfPlainText(text: string, heading: string | null): ExtractedSection[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter((block) => block.length > 0)
    .map((block) => ({ text: block, heading, page: null }));
}
