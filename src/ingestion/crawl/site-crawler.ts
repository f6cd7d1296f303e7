import type { Fetcher } from '../../ports/fetcher.ts';
import type { SiteCrawler } from '../../ports/site-crawler.ts';

/** How the crawler asks: who it is, its limits per page, and its bounds per crawl. */
export const CRAWL_SETTINGS = {
  concurrency: 4,
  pageTimeoutMs: 15_000,
  maxPageBytes: 3_000_000,
  userAgent: 'ColloquyBot/1.0 (+https://github.com/colloquy/colloquy)',
  /** Pages fetched per crawl, at most: enough to find new pages among ones already held. */
  maxFetches: 1_000,
};

/** Loads the crawl's libraries now: a server does it at start, a CLI command does not. */
export async function loadCrawlerLibraries(): Promise<void> {
  await Promise.all([import('./crawl-site.ts'), import('./site-boilerplate.ts'), import('./refetch-page.ts')]);
}

/** The crawler over a fetcher (the SSRF-guarded one: it judges every hop). Its HTML, sitemap and
 * article libraries load with the first crawl, so a process that never crawls (most CLI commands)
 * starts without them. */
export function createSiteCrawler(fetcher: Fetcher, settings = CRAWL_SETTINGS): SiteCrawler {
  return {
    async *crawl(startUrl, options) {
      const [{ crawlSite }, { withoutSiteBoilerplate }] = await Promise.all([
        import('./crawl-site.ts'),
        import('./site-boilerplate.ts'),
      ]);
      yield* withoutSiteBoilerplate(crawlSite({ ...settings, ...options, startUrl, fetcher }));
    },
    refetch: async (url, stored, signal) =>
      (await import('./refetch-page.ts')).refetchPage(
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
