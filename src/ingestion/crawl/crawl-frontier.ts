import { skipReasonOf, type CrawlRequestContext } from './crawl-context.ts';
import type { HopVerdict } from './fetch-page.ts';
import { normalizeUrl } from '../../text/normalize-url.ts';
import { readRobots, type RobotsRules } from './read-robots.ts';

/** The crawl's site, its robots.txt, and the URLs seen and still to visit. */
export interface CrawlFrontier {
  origin(): string;
  robots(): RobotsRules;
  /** Queues a URL of the site not seen before; anything else is dropped. */
  enqueue(url: string): void;
  /** Queues a URL of the site ahead of the others, even one queued already (not one taken already). */
  enqueueFirst(url: string): void;
  /** The next queued URL: those queued first, then first in first out. */
  next(): string | undefined;
  /** Whether any URL has been taken from the queue yet. */
  started(): boolean;
  /**
   * Judges a redirect target, `chain` being the URLs (normalised) the page's redirects have passed
   * through so far; the start page's redirect may move the crawl to another origin, once.
   */
  checkHop(target: string, isStartPage: boolean, chain: readonly string[]): Promise<HopVerdict>;
}

export function createCrawlFrontier(
  context: CrawlRequestContext,
  site: { origin: string; robots: RobotsRules; maxUrls: number },
): CrawlFrontier {
  let origin = site.origin;
  let robots = site.robots;
  let moved = false;
  const seen = new Set<string>();
  const queue: string[] = [];
  let head = 0;
  // URLs queued ahead (a canonical page that others wait for); those still queued (normalised),
  // and those taken, so a URL queued ahead is passed over at its later place in the queue.
  const ahead: string[] = [];
  const queued = new Set<string>();
  const taken = new Set<string>();
  // Every redirect met (normalised from → to): a hop to a page already seen that redirects back
  // into the chain closes a loop another page's fetch began.
  const redirects = new Map<string, string>();
  const loopsBack = (target: string, chain: readonly string[]): boolean => {
    let at: string | undefined = target;
    for (let step = 0; at !== undefined && step <= redirects.size; step += 1) {
      if (chain.includes(at)) return true;
      at = redirects.get(at);
    }
    return false;
  };
  const claim = (url: string): boolean => {
    const key = normalizeUrl(url);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  return {
    origin: () => origin,
    robots: () => robots,
    enqueue(url) {
      // A bound on memory: a page can link to millions of URLs the crawl will never reach.
      const page = onSite(url, origin);
      if (page !== null && seen.size < site.maxUrls && claim(page)) {
        queue.push(page);
        queued.add(normalizeUrl(page));
      }
    },
    enqueueFirst(url) {
      const page = onSite(url, origin);
      if (page === null) return;
      const key = normalizeUrl(page);
      // Seen but not queued: a redirect's target, fetched by the page that led to it.
      if (!queued.has(key) && !claim(page)) return;
      queued.add(key);
      ahead.push(page);
    },
    next() {
      for (;;) {
        const url = ahead.length > 0 ? ahead.shift() : head < queue.length ? queue[head++] : undefined;
        if (url === undefined) return undefined;
        const key = normalizeUrl(url);
        if (taken.has(key)) continue;
        taken.add(key);
        queued.delete(key);
        return url;
      }
    },
    started: () => taken.size > 0,
    async checkHop(target, isStartPage, chain) {
      const hop = normalizeUrl(target);
      const from = chain.at(-1);
      if (from !== undefined) redirects.set(from, hop);
      if (loopsBack(hop, chain)) return { follow: false, skip: 'redirect-loop' };
      const targetOrigin = originOf(target);
      if (targetOrigin !== origin) {
        if (!isStartPage || moved || !targetOrigin)
          return { follow: false, skip: 'off-site', detail: `it redirects off the site, to ${target}` };
        // The start URL's redirect names the site's real origin (http → https, the bare domain → www).
        moved = true;
        origin = targetOrigin;
        try {
          robots = await readRobots(context, origin);
        } catch (error) {
          return { follow: false, skip: skipReasonOf(error) };
        }
      }
      if (!robots.isAllowed(target)) return { follow: false, skip: 'robots' };
      return claim(target) ? { follow: true } : { follow: false, duplicate: true };
    },
  };
}

/**
 * `url` as a page of the site at `origin`, or null when it is off the site. An https site's own
 * host linked over plain http on the default port (old pages and sitemaps often say http://; the
 * site redirects them) is the same site, moved onto https. Nothing is ever moved down to http.
 */
export function onSite(url: string, origin: string): string | null {
  const urlOrigin = originOf(url);
  if (urlOrigin === origin) return url;
  const plainTwin = origin.startsWith('https://') ? `http://${origin.slice('https://'.length)}` : null;
  if (urlOrigin === null || urlOrigin !== plainTwin) return null;
  const secure = new URL(url);
  secure.protocol = 'https:';
  return secure.href;
}

/** scheme://host[:port] for http(s) URLs, else null. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
