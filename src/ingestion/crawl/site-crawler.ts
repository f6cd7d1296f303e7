import type { Fetcher } from '../../ports/fetcher.ts';
import type { SiteCrawler } from '../../ports/site-crawler.ts';
import { crawlSite } from './crawl-site.ts';
import { refetchPage } from './refetch-page.ts';
import { withoutSiteBoilerplate } from './site-boilerplate.ts';

/** How the crawler asks: who it is, its limits per page, and its bounds per crawl. */
export const CRAWL_SETTINGS = {
  concurrency: 4,
  pageTimeoutMs: 15_000,
  maxPageBytes: 3_000_000,
  userAgent: 'ColloquyBot/1.0 (+https://github.com/colloquy/colloquy)',
  /** Pages fetched per crawl, at most: enough to find new pages among ones already held. */
  maxFetches: 1_000,
};

/** The crawler over a fetcher (the SSRF-guarded one: it judges every hop). */
export function createSiteCrawler(fetcher: Fetcher, settings = CRAWL_SETTINGS): SiteCrawler {
  return {
    crawl: (startUrl, options) => withoutSiteBoilerplate(crawlSite({ ...settings, ...options, startUrl, fetcher })),
    refetch: (url, stored, signal) =>
      refetchPage(
        {
          fetcher,
          userAgent: settings.userAgent,
          timeoutMs: settings.pageTimeoutMs,
          maxBytes: settings.maxPageBytes,
          signal,
        },
        url,
        stored,
      ),
    close: () => fetcher.close(),
  };
}
