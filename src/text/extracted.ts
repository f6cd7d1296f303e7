export interface ExtractedSection {
  /** One block of text in reading order (a paragraph, list item, table row…), whitespace-normalised, non-empty. */
  text: string;
  /** The headings above this block, outermost first, joined by `HEADING_PATH_SEPARATOR`
   * ("Guide › Billing › Refunds"), if the format shows them (DOCX/HTML headings; null otherwise). */
  heading: string | null;
  /** 1-based PDF page number; null for other formats. */
  page: number | null;
}

/** Joins the levels of a heading path. */
export const HEADING_PATH_SEPARATOR = ' › ';
