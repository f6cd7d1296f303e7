// The extracted-document types live in src/text/. This re-export keeps chunk/ and crawl/ (being
// rebuilt with search) compiling until they import src/text/ themselves; then delete it.
export { HEADING_PATH_SEPARATOR, type ExtractedSection } from '../../text/extracted.ts';
