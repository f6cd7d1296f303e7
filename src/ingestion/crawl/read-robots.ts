import robotsModule from 'robots-parser';

// robots-parser is CommonJS (`module.exports = fn`) while its types declare a default export;
// under nodenext the default import is the function at run time but not to the compiler.
const robotsParser = robotsModule as unknown as typeof robotsModule.default;
import { crawlGet, type CrawlRequestContext } from './crawl-context.ts';

export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** Sitemap URLs named by `Sitemap:` lines. */
  sitemaps: string[];
}

// RFC 9309 §2.5: crawlers must read at least 500 KiB of robots.txt.
const MAX_ROBOTS_BYTES = 512 * 1024;

/**
 * Reads `origin`/robots.txt once, following RFC 9309: a 4xx (no robots.txt) allows everything;
 * a 5xx means the site is unreachable and allows nothing. Rules for our product token win over
 * `*` (robots-parser's matching). Crawl-delay is not honoured: the crawl's bounded concurrency
 * and page cap keep its load small. Throws OutboundError when no answer comes.
 */
export async function readRobots(context: CrawlRequestContext, origin: string): Promise<RobotsRules> {
  const robotsUrl = `${origin}/robots.txt`;
  const response = await crawlGet(context, robotsUrl, {
    maxRedirects: 5,
    maxBytes: MAX_ROBOTS_BYTES,
    accept: 'text/plain',
  });
  if (response.status >= 400 && response.status < 500) return { isAllowed: () => true, sitemaps: [] };
  if (response.status < 200 || response.status >= 300) return { isAllowed: () => false, sitemaps: [] };
  const robots = robotsParser(robotsUrl, response.body.toString('utf8'));
  return {
    // undefined means another origin than this robots.txt speaks for: not ours to fetch.
    isAllowed: (url) => robots.isAllowed(url, context.userAgent) === true,
    sitemaps: robots.getSitemaps(),
  };
}
