import type { Fetcher } from '../../ports/fetcher.ts';
import { skipReasonOf, type CrawlRequestContext } from './crawl-context.ts';
import type { CrawlOutcome } from './crawl-outcome.ts';
import { fetchPage, type HopVerdict } from './fetch-page.ts';
import { normalizeUrl } from './normalize-url.ts';
import { readPage } from './read-page.ts';
import { readRobots, type RobotsRules } from './read-robots.ts';
import { readSitemaps } from './read-sitemaps.ts';

export type { CrawlOutcome, CrawlSkipReason } from './crawl-outcome.ts';

export interface CrawlOptions {
  startUrl: string;
  fetcher: Fetcher;
  /** True for normalised URLs the agent already has: they are not indexed again (but their links are still followed). */
  isKnown(normalizedUrl: string): boolean;
  /** Hard bound on pages fetched in one crawl (robots.txt and sitemaps not counted). */
  maxFetches: number;
  concurrency: number;
  pageTimeoutMs: number;
  maxPageBytes: number;
  userAgent: string;
  signal?: AbortSignal;
}

type TaskResult = { task: Promise<TaskResult>; outcome: CrawlOutcome | null; links: string[] };

/**
 * Breadth first from startUrl over one origin (scheme, host and port: `www.example.com` is another
 * site than `example.com`). If the start URL itself redirects to another origin (http → https,
 * the bare domain → www), the crawl moves to that origin before anything else is fetched. Obeys
 * robots.txt, seeds from the sitemaps, follows links, at most `concurrency` requests at a time.
 * Off-site links are dropped silently; each URL (normalised) is visited once. Outcomes come as
 * pages complete. Stopping early (return(), or `signal`) aborts every request in flight before
 * the generator finishes. An aborted `signal` ends the iteration with its reason.
 */
export async function* crawlSite(options: CrawlOptions): AsyncGenerator<CrawlOutcome> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const context: CrawlRequestContext = { fetcher: options.fetcher, userAgent: options.userAgent, timeoutMs: options.pageTimeoutMs, maxBytes: options.maxPageBytes, signal };
  const active = new Set<Promise<TaskResult>>();
  try {
    let origin = originOf(options.startUrl);
    if (!origin) {
      yield { kind: 'skipped', url: options.startUrl, reason: 'blocked' };
      return;
    }
    let robots: RobotsRules;
    try {
      robots = await readRobots(context, origin);
    } catch (error) {
      yield { kind: 'skipped', url: normalizeUrl(options.startUrl), reason: skipReasonOf(error) };
      return;
    }

    const seen = new Set<string>();
    const queue: string[] = [];
    let head = 0;
    let fetches = 0;
    let moved = false;
    const enqueue = (url: string) => {
      if (originOf(url) !== origin || seen.size >= options.maxFetches * 20 + 1_000) return;
      const key = normalizeUrl(url);
      if (seen.has(key)) return;
      seen.add(key);
      queue.push(url);
    };
    const checkHop = async (target: string, isStart: boolean): Promise<HopVerdict> => {
      const targetOrigin = originOf(target);
      if (targetOrigin !== origin) {
        if (!isStart || moved || !targetOrigin) return { follow: false, skip: 'blocked' };
        // The start URL's redirect names the site's real origin; its robots.txt is the one that applies.
        moved = true;
        origin = targetOrigin;
        try {
          robots = await readRobots(context, origin);
        } catch (error) {
          return { follow: false, skip: skipReasonOf(error) };
        }
      }
      if (!robots.isAllowed(target)) return { follow: false, skip: 'robots' };
      const key = normalizeUrl(target);
      if (seen.has(key)) return { follow: false, duplicate: true };
      seen.add(key);
      return { follow: true };
    };
    const start = (work: (task: Promise<TaskResult>) => Promise<Omit<TaskResult, 'task'>>) => {
      const task: Promise<TaskResult> = Promise.resolve().then(() => work(task)).then((result) => ({ ...result, task }));
      active.add(task);
      return task;
    };
    const pageTask = (url: string, isStart: boolean) => start(async () => {
      const fetched = await fetchPage(context, url, (target) => checkHop(target, isStart));
      if (fetched.kind === 'duplicate') return { outcome: null, links: [] };
      if (fetched.kind === 'skipped') {
        const { kind, url: skippedUrl, ...rest } = fetched;
        return { outcome: { kind, url: normalizeUrl(skippedUrl), ...rest }, links: [] };
      }
      return readPage(fetched.response, options.isKnown);
    });
    const sitemapTask = () => start(async () => {
      const sitemapUrls = [...new Set([`${origin}/sitemap.xml`, ...robots.sitemaps])];
      return { outcome: null, links: await readSitemaps(context, { origin: origin!, sitemapUrls, limit: options.maxFetches }) };
    });

    enqueue(options.startUrl);
    let startTask: Promise<TaskResult> | null = null;
    let sitemapsRead = false;
    let ready: CrawlOutcome | null = null;
    for (;;) {
      if (options.signal?.aborted) throw options.signal.reason;
      // Sitemaps are read once the start page is done (it may have moved the crawl), inside the concurrency bound.
      if (!sitemapsRead && head > 0 && !(startTask && active.has(startTask))) {
        sitemapsRead = true;
        sitemapTask();
      }
      // Requests are started before an outcome is handed over, so pages keep arriving while the consumer works.
      // The first page runs alone: its redirects may move the crawl to another origin.
      while (active.size < Math.max(1, options.concurrency) && head < queue.length && fetches < options.maxFetches && !(startTask && active.has(startTask))) {
        const url = queue[head++]!;
        if (!robots.isAllowed(url)) {
          yield { kind: 'skipped', url: normalizeUrl(url), reason: 'robots' };
          continue;
        }
        fetches += 1;
        const task = pageTask(url, head === 1);
        startTask ??= task;
      }
      if (ready) yield ready;
      ready = null;
      if (active.size === 0) {
        if (sitemapsRead || head === 0) return;
        continue;
      }
      const done = await Promise.race(active);
      active.delete(done.task);
      for (const link of done.links) enqueue(link);
      ready = done.outcome;
    }
  } finally {
    controller.abort();
    await Promise.allSettled(active);
  }
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
