import type { OutboundResponse } from '../../ports/fetcher.ts';
import { extractHtml, type ExtractedPage } from '../extract/extract-html.ts';
import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { decodeBody } from './decode-body.ts';
import { normalizeUrl } from '../../text/normalize-url.ts';
import { robotsDirectives } from './robots-directives.ts';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** A meta refresh this soon (seconds) is a redirect: the page is a stub that sends readers on. */
export const REFRESH_AS_REDIRECT_SECONDS = 5;

/**
 * What a page's answer gives the crawl: the outcome to report and the links to follow; for a page
 * skipped as 'canonical', also the page read as itself (`asItself`), for when its canonical page
 * cannot be had; or, for a stub whose `<meta http-equiv="refresh">` sends readers to another URL
 * within a few seconds, that URL (`refresh`), to be followed as a redirect.
 */
export type PageReading =
  { outcome: CrawlOutcome; links: string[]; asItself?: CrawlOutcome; refresh?: undefined } | { refresh: string };

/**
 * A page's final response → what the crawl reports, plus the links to follow. A page the agent
 * already has is read for its links and reported as 'known'. A page whose same-site
 * `<link rel=canonical>` names another URL is that page's copy (a print view, a tracking variant):
 * a crawl (`canonical: 'follow'`) skips it as 'canonical' and fetches the named page instead, so the
 * canonical page's own text is held, whichever of the two is met first; a re-fetch of a held page
 * (`canonical: 'rename'`) keeps reading it under the canonical URL. A page that says `noindex`
 * (`<meta name="robots">` or `X-Robots-Tag`) is skipped as 'noindex'; one that says `nofollow` gives
 * no links to follow.
 */
export function readPage(
  response: OutboundResponse,
  isKnown: (normalizedUrl: string) => boolean,
  canonical: 'follow' | 'rename' = 'follow',
): PageReading {
  let url = normalizeUrl(response.url);
  if (response.status < 200 || response.status >= 300)
    return { outcome: { kind: 'skipped', url, reason: 'http-error', status: response.status }, links: [] };
  if (!isHtml(response)) return { outcome: { kind: 'skipped', url, reason: 'not-html' }, links: [] };
  // A cut HTML page would index half a page as if it were the whole: skip it.
  if (response.truncated) return { outcome: { kind: 'skipped', url, reason: 'too-large' }, links: [] };
  const extracted = extractHtml(decodeBody(response.body, response.headers['content-type']), response.url);
  const { refresh } = extracted;
  if (refresh && refresh.delay <= REFRESH_AS_REDIRECT_SECONDS && normalizeUrl(refresh.url) !== url)
    return { refresh: refresh.url };
  const asked = robotsDirectives(extracted.robots, response.headers['x-robots-tag']);
  const page = asked.nofollow ? { ...extracted, links: [] } : extracted;
  if (asked.noindex) return { outcome: { kind: 'skipped', url, reason: 'noindex' }, links: page.links };
  if (
    page.canonical &&
    new URL(page.canonical).origin === new URL(url).origin &&
    normalizeUrl(page.canonical) !== url
  ) {
    const named = normalizeUrl(page.canonical);
    if (canonical === 'follow')
      return {
        outcome: { kind: 'skipped', url, reason: 'canonical', sameAs: named },
        links: [...page.links, page.canonical],
        asItself: asItself(response, page, url, isKnown),
      };
    url = named;
  }
  return { outcome: asItself(response, page, url, isKnown), links: page.links };
}

/** The page under `url`, whatever its canonical link says. */
function asItself(
  response: OutboundResponse,
  page: ExtractedPage,
  url: string,
  isKnown: (normalizedUrl: string) => boolean,
): CrawlOutcome {
  if (isKnown(url)) return { kind: 'skipped', url, reason: 'known' };
  if (page.sections.length === 0) return { kind: 'skipped', url, reason: 'empty' };
  // A page with neither <title> nor <h1> is titled by its URL: every source needs a title.
  return {
    kind: 'page',
    url,
    title: page.title || url,
    sections: page.sections,
    etag: response.headers.etag ?? null,
    lastModified: response.headers['last-modified'] ?? null,
    links: sameSiteLinks(page.links, url),
  };
}

/** The links a re-sync follows again: same origin, normalised, each once. */
function sameSiteLinks(links: string[], pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  return [...new Set(links.filter((link) => new URL(link).origin === origin).map(normalizeUrl))];
}

function isHtml(response: OutboundResponse): boolean {
  const type = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type) return HTML_TYPES.has(type);
  // No Content-Type: look at the first bytes, as browsers do.
  return /^\s*<(!doctype html|html|head|body)[\s>]/i.test(response.body.subarray(0, 256).toString('latin1'));
}
