import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { normalizeUrl } from '../../text/normalize-url.ts';
import type { CrawlRequestContext } from './crawl-context.ts';
import type { CrawlFrontier } from './crawl-frontier.ts';
import { fetchPage, MAX_REDIRECTS, newTrail } from './fetch-page.ts';
import { readPage } from './read-page.ts';

/** What one page's visit gives the crawl. */
export interface PageVisit {
  /** Null when its redirect led to a page the crawl met otherwise (`alias`). */
  outcome: CrawlOutcome | null;
  links: string[];
  /** For a page skipped as 'canonical': the page read as itself, for when its canonical page cannot be had. */
  asItself?: CrawlOutcome;
  /** The page (normalised) its redirect or meta refresh led to, already visited or queued by the crawl. */
  alias?: string;
}

/**
 * One page: fetched (redirects judged by the frontier) and read. A stub whose meta refresh sends
 * readers on at once is a redirect too: its target is judged as an HTTP redirect's is (same site,
 * robots.txt, loops, met before), within the page's time and redirect budget, and the stub itself
 * is never indexed. Only the start page's HTTP redirects may move the crawl to another origin.
 */
export async function visitPage(
  context: CrawlRequestContext,
  url: string,
  isStartPage: boolean,
  frontier: CrawlFrontier,
  isKnown: (url: string) => boolean,
): Promise<PageVisit> {
  const trail = newTrail(url, context.timeoutMs);
  let current = url;
  for (let mayMoveSite = isStartPage; ; mayMoveSite = false) {
    const fetched = await fetchPage(
      context,
      current,
      (target, chain) => frontier.checkHop(target, mayMoveSite, chain),
      trail,
    );
    if (fetched.kind === 'duplicate') return { outcome: null, links: [], alias: fetched.url };
    if (fetched.kind === 'skipped') {
      const { kind, url: skippedUrl, ...rest } = fetched;
      return { outcome: { kind, url: normalizeUrl(skippedUrl), ...rest }, links: [] };
    }
    const reading = readPage(fetched.response, isKnown);
    if (reading.refresh === undefined) return reading;
    const stub = normalizeUrl(fetched.response.url);
    if (trail.hops >= MAX_REDIRECTS)
      return { outcome: { kind: 'skipped', url: stub, reason: 'http-error' }, links: [] };
    const verdict = await frontier.checkHop(reading.refresh, false, trail.chain);
    if (!verdict.follow) {
      if ('duplicate' in verdict) return { outcome: null, links: [], alias: normalizeUrl(reading.refresh) };
      // As for HTTP redirects, a loop is reported under the URL that was asked for.
      const skippedUrl = verdict.skip === 'redirect-loop' ? trail.chain[0]! : stub;
      const detail = verdict.detail && { detail: verdict.detail };
      return { outcome: { kind: 'skipped', url: skippedUrl, reason: verdict.skip, ...detail }, links: [] };
    }
    trail.hops += 1;
    trail.chain.push(normalizeUrl(reading.refresh));
    current = reading.refresh;
  }
}
