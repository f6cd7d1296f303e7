// The crawler the domain uses (ingestion/crawl implements it): it fetches a site's pages through
// the guarded fetcher and reads them; the domain decides what is indexed.
import type { ExtractedSection } from '../text/extracted.ts';

/**
 * known: the agent already has the page · robots: robots.txt disallows it · not-html: another
 * content type · http-error: a 4xx/5xx answer (or too many redirects) · blocked: the address
 * guard refused it · off-site: its redirect or meta refresh leads off the site · timeout / network: no answer · too-large: over
 * the size cap · empty: no text in it · canonical: its `<link rel=canonical>` names another page of
 * the site (`sameAs`), which is crawled and held instead (when that page cannot be, the page is
 * indexed itself) · noindex: the page asks not to be indexed
 * (`<meta name="robots" content="noindex">` or `X-Robots-Tag: noindex`) · redirect-loop: its
 * redirects lead back to a URL they passed through.
 */
export type CrawlSkipReason =
  | 'known'
  | 'canonical'
  | 'noindex'
  | 'redirect-loop'
  | 'robots'
  | 'not-html'
  | 'http-error'
  | 'blocked'
  | 'off-site'
  | 'timeout'
  | 'too-large'
  | 'empty'
  | 'network';

/** What a re-sync needs of a page's answer: its validators and the links it had. */
export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
  links: string[];
}

/** `url` is always normalised (normalizeUrl), and for a fetched page it is the URL that answered, after redirects. */
export type CrawlOutcome =
  | ({ kind: 'page'; url: string; title: string; sections: ExtractedSection[] } & PageValidators)
  /** `detail`: what went wrong, in words, when the fetcher knows (connection refused, DNS, TLS…). */
  | { kind: 'skipped'; url: string; reason: CrawlSkipReason; status?: number; detail?: string; sameAs?: string };

/** What a re-sync knows of a stored page before asking for it again. */
export interface StoredValidators {
  etag: string | null;
  lastModified: string | null;
}

export type RefetchOutcome =
  /** 304 Not Modified: the stored text stands. */
  | { kind: 'not-modified'; etag: string | null; lastModified: string | null }
  /** 404 or 410: the page is gone from the site. */
  | { kind: 'gone'; status: number }
  /** The page now asks not to be indexed (`noindex` in `<meta name="robots">` or `X-Robots-Tag`):
   * removed as a gone page is; its links (none if it also says nofollow) still lead on. */
  | { kind: 'noindex'; links: string[] }
  /** Anything passing (5xx, time-out, network, a page that is suddenly not HTML): the stored page is kept. */
  | { kind: 'failed'; reason: CrawlSkipReason; status?: number; detail?: string }
  | { kind: 'page'; page: Extract<CrawlOutcome, { kind: 'page' }> };

export interface SiteCrawlOptions {
  /** True for normalised URLs the agent already has: they are not indexed again (but their links are still followed). */
  isKnown(normalizedUrl: string): boolean;
  signal?: AbortSignal;
  /** Pages a re-sync has just fetched itself (normalised URL → their links): not fetched again, reported 'known', their links followed. */
  prefetched?: ReadonlyMap<string, string[]>;
}

export interface SiteCrawler {
  /**
   * The pages of the site at startUrl (its origin only, robots.txt obeyed, seeded from its
   * sitemaps, every hop guarded), with the site's repeated chrome removed, as they complete; the
   * first outcome is always the start URL's. Stopping early (return(), or `signal`) aborts every
   * request in flight; an aborted `signal` ends the iteration with its reason.
   */
  crawl(startUrl: string, options: SiteCrawlOptions): AsyncGenerator<CrawlOutcome, void, undefined>;
  /** Asks for one stored page again with its validators, so an unchanged page costs a 304. */
  refetch(url: string, stored: StoredValidators, signal: AbortSignal): Promise<RefetchOutcome>;
  /** Closes its connections. */
  close(): Promise<void>;
}
