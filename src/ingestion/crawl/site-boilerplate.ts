import type { ExtractedSection } from '../../text/extracted.ts';
import type { CrawlOutcome } from '../../ports/site-crawler.ts';

/** Blocks longer than this are content: menus, footers and banners are short. */
const MAX_BOILERPLATE_CHARS = 240;
/** A short block on this many pages of one crawl is the site's chrome, not any page's content. */
const MIN_PAGES = 3;
/** Pages held back at the start of a crawl, so that its first pages are judged like the rest. */
const HELD_PAGES = 4;

/** Digits count as one (dates, page counts, years in a footer), case and spacing do not. */
const keyOf = (text: string): string => text.toLowerCase().replace(/\d+/g, '0').replace(/\s+/g, ' ').trim();

/**
 * Removes what repeats across the pages of one site: menus, headers, footers and "last modified"
 * lines that the page's own markup did not mark as such (Readability and the chrome elements
 * handle what it did). A short block found on MIN_PAGES pages of the crawl is dropped from every
 * page; the first HELD_PAGES pages wait until the site has shown its repeats.
 */
export async function* withoutSiteBoilerplate(
  pages: AsyncIterable<CrawlOutcome>,
): AsyncGenerator<CrawlOutcome, void, undefined> {
  const pagesWith = new Map<string, number>();
  const held: CrawlOutcome[] = [];
  let observed = 0;
  const observe = (sections: readonly ExtractedSection[]) => {
    observed += 1;
    const keys = new Set(
      sections.filter((section) => section.text.length <= MAX_BOILERPLATE_CHARS).map((section) => keyOf(section.text)),
    );
    for (const key of keys) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  };
  const clean = (outcome: CrawlOutcome): CrawlOutcome => {
    if (outcome.kind !== 'page') return outcome;
    const kept = outcome.sections.filter(
      (section) => section.text.length > MAX_BOILERPLATE_CHARS || (pagesWith.get(keyOf(section.text)) ?? 0) < MIN_PAGES,
    );
    // A page that is nothing but the site's repeats keeps them: better than an empty page.
    return kept.length > 0 && kept.length < outcome.sections.length ? { ...outcome, sections: kept } : outcome;
  };
  for await (const outcome of pages) {
    if (outcome.kind === 'page') observe(outcome.sections);
    // Skipped pages wait with the rest: the crawl reads the first outcome as the start page's.
    if (observed <= HELD_PAGES) {
      held.push(outcome);
      continue;
    }
    while (held.length > 0) yield clean(held.shift() as CrawlOutcome);
    yield clean(outcome);
  }
  while (held.length > 0) yield clean(held.shift() as CrawlOutcome);
}
