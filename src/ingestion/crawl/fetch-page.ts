import type { OutboundResponse } from '../../ports/fetcher.ts';
import { crawlGet, skipOf, type CrawlRequestContext } from './crawl-context.ts';
import type { CrawlSkipReason } from '../../ports/site-crawler.ts';
import { normalizeUrl } from '../../text/normalize-url.ts';

/** What the crawl says about a redirect's target before it is requested. */
export type HopVerdict =
  { follow: true } | { follow: false; skip: CrawlSkipReason; detail?: string } | { follow: false; duplicate: true };

export type FetchedPage =
  | { kind: 'response'; response: OutboundResponse }
  | { kind: 'skipped'; url: string; reason: CrawlSkipReason; status?: number; detail?: string }
  /** A redirect led to `url` (normalised), a page this crawl has already visited or queued. */
  | { kind: 'duplicate'; url: string };

/** One page's way through its redirects (meta refreshes included): the URLs passed through
 * (normalised), the requested one first, the hops taken, and when the page's time is up. */
export interface RedirectTrail {
  chain: string[];
  hops: number;
  deadline: number;
}

export const newTrail = (url: string, timeoutMs: number): RedirectTrail => ({
  chain: [normalizeUrl(url)],
  hops: 0,
  deadline: performance.now() + timeoutMs,
});

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs one page, following redirects itself rather than in the fetcher, so that each target is
 * judged (same site? allowed by robots.txt? already seen?) before any request goes to it; the
 * fetcher's address guard still checks every request. The page's time-out covers all its hops;
 * `trail` continues the way of a page whose meta refresh led to `url`.
 */
export async function fetchPage(
  context: CrawlRequestContext,
  url: string,
  checkHop: (target: string, chain: readonly string[]) => Promise<HopVerdict>,
  trail: RedirectTrail = newTrail(url, context.timeoutMs),
): Promise<FetchedPage> {
  const { chain, deadline } = trail;
  let current = url;
  for (; ; trail.hops += 1) {
    const timeoutMs = Math.ceil(deadline - performance.now());
    if (timeoutMs <= 0) return { kind: 'skipped', url: current, reason: 'timeout' };
    let response: OutboundResponse;
    try {
      response = await crawlGet(context, current, {
        maxRedirects: 0,
        timeoutMs,
        accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1',
      });
    } catch (error) {
      return { kind: 'skipped', url: current, ...skipOf(error) };
    }
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location) return { kind: 'response', response };
    if (trail.hops >= MAX_REDIRECTS)
      return { kind: 'skipped', url: current, reason: 'http-error', status: response.status };
    let target: string;
    try {
      target = new URL(location, current).href;
    } catch {
      return { kind: 'skipped', url: current, reason: 'http-error', status: response.status };
    }
    const verdict = await checkHop(target, chain);
    if (!verdict.follow) {
      if ('duplicate' in verdict) return { kind: 'duplicate', url: normalizeUrl(target) };
      // A loop is reported under the URL that was asked for: it never answers with a page.
      return {
        kind: 'skipped',
        url: verdict.skip === 'redirect-loop' ? chain[0]! : current,
        reason: verdict.skip,
        ...(verdict.detail && { detail: verdict.detail }),
      };
    }
    current = target;
    chain.push(normalizeUrl(target));
  }
}
