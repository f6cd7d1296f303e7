export interface ExtractedSection {
  /** One block of text in reading order (a paragraph, list item, table row…), whitespace-normalised, non-empty. */
  text: string;
  /** The nearest heading above this block, if the format shows one (DOCX/HTML headings; null otherwise). */
  heading: string | null;
  /** 1-based PDF page number; null for other formats. */
  page: number | null;
}
