import type { Fetcher } from '../../ports/fetcher.ts';
import { skipOf, type CrawlRequestContext } from './crawl-context.ts';
import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { createCrawlFrontier, originOf } from './crawl-frontier.ts';
import { normalizeUrl } from '../../text/normalize-url.ts';
import { visitPage, type PageVisit } from './visit-page.ts';
import { createCanonicalWaits, leavesTextHeld } from './canonical-waits.ts';
import { readRobots, type RobotsRules } from './read-robots.ts';
import { readSitemaps } from './read-sitemaps.ts';

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
  /** Pages a re-sync has just fetched itself (normalised URL → their links): not fetched again, reported 'known', their links followed. */
  prefetched?: ReadonlyMap<string, string[]>;
}

/** A finished task: a page's visit (asked for as `requested`, normalised), or the sitemaps read. */
type TaskResult = PageVisit & { task: Promise<TaskResult>; requested?: string };

/**
 * Breadth first from startUrl over one origin (scheme, host and port: `www.example.com` is another
 * site than `example.com`). If the start URL itself redirects to another origin (http → https,
 * the bare domain → www), the crawl moves to that origin before anything else is fetched. Obeys
 * robots.txt, seeds from the sitemaps, follows links, at most `concurrency` requests at a time.
 * Off-site links are dropped silently; each URL (normalised) is visited once. Outcomes come as
 * pages complete; the first is always the start URL's. Stopping early (return(), or `signal`)
 * aborts every request in flight before the generator finishes; an aborted `signal` ends the
 * iteration with its reason.
 */
export async function* crawlSite(options: CrawlOptions): AsyncGenerator<CrawlOutcome> {
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const context: CrawlRequestContext = {
    fetcher: options.fetcher,
    userAgent: options.userAgent,
    timeoutMs: options.pageTimeoutMs,
    maxBytes: options.maxPageBytes,
    signal,
  };
  const active = new Set<Promise<TaskResult>>();
  try {
    const origin = originOf(options.startUrl);
    if (!origin) {
      yield { kind: 'skipped', url: options.startUrl, reason: 'blocked' };
      return;
    }
    let robots: RobotsRules;
    try {
      robots = await readRobots(context, origin);
    } catch (error) {
      // Aborted while robots.txt was read: the crawl ends with the reason, not a skipped start page.
      if (options.signal?.aborted) throw options.signal.reason;
      yield { kind: 'skipped', url: normalizeUrl(options.startUrl), ...skipOf(error) };
      return;
    }
    const frontier = createCrawlFrontier(context, { origin, robots, maxUrls: options.maxFetches * 20 + 1_000 });
    const start = (work: () => Promise<Omit<TaskResult, 'task'>>) => {
      const task: Promise<TaskResult> = work().then((result) => ({ ...result, task }));
      // A task may fail while the consumer holds an outcome and nothing awaits it: mark it handled
      // here; the next Promise.race (or the final allSettled) still sees the failure.
      task.catch(() => undefined);
      active.add(task);
      return task;
    };
    const pageTask = (url: string, isStartPage: boolean) => {
      const requested = normalizeUrl(url);
      const links = options.prefetched?.get(requested);
      if (links) return start(async () => ({ outcome: { kind: 'skipped', url: requested, reason: 'known' }, links }));
      return start(async () => ({
        ...(await visitPage(context, url, isStartPage, frontier, options.isKnown)),
        requested,
      }));
    };
    const sitemapTask = () =>
      start(async () => {
        // robots.txt's Sitemap: lines invite the fetch; the guessed /sitemap.xml is a URL like any
        // other, so a robots.txt that allows nothing (a 5xx, Disallow: /) keeps it unread.
        const guessed = `${frontier.origin()}/sitemap.xml`;
        const sitemapUrls = [...(frontier.robots().isAllowed(guessed) ? [guessed] : []), ...frontier.robots().sitemaps];
        return {
          outcome: null,
          links: await readSitemaps(context, { origin: frontier.origin(), sitemapUrls, limit: options.maxFetches }),
        };
      });

    // Outcomes ready to hand over, in order. The start page's comes first: while it waits for its
    // canonical page, nothing is handed over.
    const ready: CrawlOutcome[] = [];
    let startWaits = false;
    const waits = createCanonicalWaits();
    const finished = (done: PageVisit & { requested?: string }, isStartPage: boolean) => {
      const requested = done.requested ?? done.outcome?.url;
      if (requested && done.alias) waits.alias(requested, done.alias);
      const { outcome, asItself } = done;
      if (!outcome) return;
      const urls = [...new Set([requested ?? outcome.url, outcome.url])];
      if (!asItself || outcome.kind !== 'skipped' || !outcome.sameAs) {
        ready.push(outcome);
        waits.settle(urls, leavesTextHeld(outcome));
        return;
      }
      // The canonical page is fetched next: until then this page cannot say what it is.
      frontier.enqueueFirst(outcome.sameAs);
      startWaits ||= isStartPage;
      const report = isStartPage
        ? (final: CrawlOutcome) => {
            ready.unshift(final);
            startWaits = false;
          }
        : (final: CrawlOutcome) => ready.push(final);
      waits.wait({ urls, canonical: outcome.sameAs, skip: outcome, asItself, report });
    };

    frontier.enqueue(options.startUrl);
    let startTask: Promise<TaskResult> | null = null;
    let sitemapsRead = false;
    let fetches = 0;
    for (;;) {
      if (options.signal?.aborted) throw options.signal.reason;
      const startRunning = startTask !== null && active.has(startTask);
      // Sitemaps are read once the start page is done (it may have moved the crawl), inside the concurrency bound.
      if (!sitemapsRead && frontier.started() && !startRunning) {
        sitemapsRead = true;
        sitemapTask();
      }
      // Requests start before an outcome is handed over, so pages keep arriving while the consumer
      // works. The start page runs alone: its redirect may move the crawl to another origin.
      while (
        active.size < Math.max(1, options.concurrency) &&
        fetches < options.maxFetches &&
        !(startTask && active.has(startTask))
      ) {
        const isStartPage = !frontier.started();
        const url = frontier.next();
        if (url === undefined) break;
        if (!frontier.robots().isAllowed(url)) {
          finished({ outcome: { kind: 'skipped', url: normalizeUrl(url), reason: 'robots' }, links: [] }, false);
          continue;
        }
        fetches += 1;
        const task = pageTask(url, isStartPage);
        if (isStartPage) startTask = task;
      }
      // The page that completed goes first, then the URLs robots.txt refused while refilling.
      if (!startWaits) yield* ready.splice(0);
      if (active.size === 0) {
        if (!sitemapsRead && frontier.started()) continue;
        // Pages still waiting for a canonical page the crawl never reached are indexed as themselves.
        waits.drain();
        yield* ready.splice(0);
        return;
      }
      const done = await Promise.race(active).catch((error: unknown) => {
        throw options.signal?.aborted ? options.signal.reason : error;
      });
      active.delete(done.task);
      for (const link of done.links) frontier.enqueue(link);
      finished(done, done.task === startTask);
    }
  } finally {
    controller.abort();
    await Promise.allSettled(active);
  }
}
