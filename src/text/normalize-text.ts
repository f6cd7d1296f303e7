import type { ExtractedSection } from './extracted.ts';

// Soft hyphens and zero-width characters are invisible in the source and only break words apart.
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/** Collapses every run of whitespace (newlines included) to one space and trims. */
export function normalizeWhitespace(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * Plain text → one section per paragraph. Paragraphs end at blank lines; the line breaks inside
 * one are hard wraps, so they become spaces and sentences stay whole.
 */
export function splitParagraphs(text: string, page: number | null = null): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  // A form feed is a page break in plain text: a paragraph ends there too.
  for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n[^\S\n]*\n|\f/)) {
    const normalized = normalizeWhitespace(paragraph);
    if (normalized) sections.push({ text: normalized, heading: null, page });
  }
  return sections;
}
