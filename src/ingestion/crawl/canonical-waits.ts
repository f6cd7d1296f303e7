import type { CrawlOutcome } from '../../ports/site-crawler.ts';

/** A page skipped as 'canonical', held back until the crawl knows whether its canonical page is had. */
export interface CanonicalWait {
  /** The page's own URLs (normalised): the one asked for and the one that answered. */
  urls: string[];
  canonical: string;
  /** Reported when the canonical page's text is held: the 'canonical' skip. */
  skip: CrawlOutcome;
  /** Reported when it is not (404, robots.txt, noindex, never reached…): the page read as itself. */
  asItself: CrawlOutcome;
  report(outcome: CrawlOutcome): void;
}

/** Whether an outcome leaves the page's text held: indexed now, held already, or held under its own canonical page. */
export const leavesTextHeld = (outcome: CrawlOutcome): boolean =>
  outcome.kind === 'page' || outcome.reason === 'known' || outcome.reason === 'canonical';

/**
 * Pages that name a canonical page wait for it: if it is indexed (or held already) they are
 * skipped as 'canonical'; if it cannot be (it answers 404, robots.txt disallows it, it says
 * noindex, the crawl never reaches it), they are indexed as themselves, so their text is not lost.
 * Canonical links that lead back round (a → b → a) are a loop: the page closing it is read as itself.
 */
export function createCanonicalWaits() {
  /** URL → whether its text is held, for every page the crawl has finished with. */
  const fates = new Map<string, boolean>();
  /** A redirect's start → the page it led to, which the crawl met otherwise. */
  const aliases = new Map<string, string>();
  /** Canonical URL → the pages waiting for it. */
  const waiting = new Map<string, CanonicalWait[]>();
  /** A waiting page's own URLs → it. */
  const waitingByUrl = new Map<string, CanonicalWait>();

  const resolved = (url: string): string => {
    let at = url;
    for (let step = 0; aliases.has(at) && step <= aliases.size; step += 1) at = aliases.get(at)!;
    return at;
  };
  const closesLoop = (page: CanonicalWait, canonical: string): boolean => {
    let at: string | undefined = canonical;
    for (let step = 0; at !== undefined && step <= waitingByUrl.size; step += 1) {
      if (page.urls.includes(at)) return true;
      const next = waitingByUrl.get(at);
      at = next && resolved(next.canonical);
    }
    return false;
  };
  const finish = (page: CanonicalWait, canonicalHeld: boolean): void => {
    for (const url of page.urls) if (waitingByUrl.get(url) === page) waitingByUrl.delete(url);
    const outcome = canonicalHeld ? page.skip : page.asItself;
    page.report(outcome);
    settle(page.urls, leavesTextHeld(outcome));
  };
  function settle(urls: string[], held: boolean): void {
    for (const url of urls) {
      if (fates.has(url)) continue;
      fates.set(url, held);
      const pages = waiting.get(url) ?? [];
      waiting.delete(url);
      for (const page of pages) finish(page, held);
    }
  }
  function wait(page: CanonicalWait): void {
    const canonical = resolved(page.canonical);
    if (closesLoop(page, canonical)) return finish(page, false);
    const fate = fates.get(canonical);
    if (fate !== undefined) return finish(page, fate);
    for (const url of page.urls) waitingByUrl.set(url, page);
    waiting.set(canonical, [...(waiting.get(canonical) ?? []), page]);
  }
  return {
    /** A page the crawl is done with, under its URLs: the pages waiting for it are settled. */
    settle,
    wait,
    /** A redirect from `from` led to `to`, a page met otherwise: pages waiting for `from` wait for `to`. */
    alias(from: string, to: string): void {
      if (from === to || fates.has(from)) return;
      aliases.set(from, to);
      const pages = waiting.get(from) ?? [];
      waiting.delete(from);
      for (const page of pages) wait(page);
    },
    /** The crawl is over: pages whose canonical page it never reached are read as themselves. */
    drain(): void {
      for (const page of [...waiting.values()].flat())
        if (page.urls.some((url) => !fates.has(url))) finish(page, false);
      waiting.clear();
    },
  };
}
