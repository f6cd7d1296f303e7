import type { ExtractedSection } from '../extract/extracted.ts';

/**
 * known: the agent already has the page · robots: robots.txt disallows it · not-html: another
 * content type · http-error: a 4xx/5xx answer (or too many redirects) · blocked: the address
 * guard refused it, or a redirect left the site · timeout / network: no answer · too-large: over
 * the size cap · empty: no text in it · canonical: its `<link rel=canonical>` names another page of
 * the site (`sameAs`), which is crawled instead.
 */
export type CrawlSkipReason =
  | 'known'
  | 'canonical'
  | 'robots'
  | 'not-html'
  | 'http-error'
  | 'blocked'
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
