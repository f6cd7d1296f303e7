import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { normalizeUrl } from '../../text/normalize-url.ts';
import type { CrawlRequestContext } from './crawl-context.ts';
import type { CrawlFrontier } from './crawl-frontier.ts';
import { fetchPage } from './fetch-page.ts';
import { readPage } from './read-page.ts';

/** What one page's visit gives the crawl. */
export interface PageVisit {
  /** Null when its redirect led to a page the crawl met otherwise (`alias`). */
  outcome: CrawlOutcome | null;
  links: string[];
  /** For a page skipped as 'canonical': the page read as itself, for when its canonical page cannot be had. */
  asItself?: CrawlOutcome;
  /** The page (normalised) its redirect led to, already visited or queued by the crawl. */
  alias?: string;
}

/** One page: fetched (redirects judged by the frontier) and read. */
export async function visitPage(
  context: CrawlRequestContext,
  url: string,
  isStartPage: boolean,
  frontier: CrawlFrontier,
  isKnown: (url: string) => boolean,
): Promise<PageVisit> {
  const fetched = await fetchPage(context, url, (target, chain) => frontier.checkHop(target, isStartPage, chain));
  if (fetched.kind === 'duplicate') return { outcome: null, links: [], alias: fetched.url };
  if (fetched.kind === 'skipped') {
    const { kind, url: skippedUrl, ...rest } = fetched;
    return { outcome: { kind, url: normalizeUrl(skippedUrl), ...rest }, links: [] };
  }
  return readPage(fetched.response, isKnown);
}
