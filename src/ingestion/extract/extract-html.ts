import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { ExtractedSection } from '../../text/extracted.ts';
import { htmlSections, type DomNode } from './html-sections.ts';
import { normalizeWhitespace } from '../../text/normalize-text.ts';
import { CRAWLER_TOKEN } from '../crawl/robots-directives.ts';
import { parseMetaRefresh } from './meta-refresh.ts';

export interface ExtractedPage {
  title: string;
  sections: ExtractedSection[];
  links: string[];
  /** The page's `<link rel=canonical>` as an absolute URL, when it names one. */
  canonical?: string;
  /** The contents of its `<meta name="robots">` and `<meta name="colloquybot">` tags, for the crawler. */
  robots: string[];
  /** Its `<meta http-equiv="refresh">` when that names another http(s) URL (absolute), with its delay in seconds. */
  refresh?: { delay: number; url: string };
}

/** The few DOM calls made here; linkedom's own types lean on the DOM lib, which this project leaves out. */
interface HtmlDocument {
  title: string;
  body: DomNode | null;
  querySelector(selector: string): (DomNode & { getAttribute(name: string): string | null }) | null;
  querySelectorAll(
    selector: string,
  ): Iterable<
    DomNode & { getAttribute(name: string): string | null; closest(selector: string): unknown; remove(): void }
  >;
}

/** Page chrome by its own markup: navigation, banners, footers, breadcrumbs, cookie notices and
 * DocBook's navigation tables. A header or footer inside the article (its byline, its notes) stays. */
const CHROME = [
  'nav',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="search"]',
  '[aria-label="breadcrumb" i]',
  '.breadcrumb',
  '.breadcrumbs',
  '.navheader',
  '.navfooter',
  '.skip-link',
  '[id*="cookie" i]',
  '[class*="cookie" i]',
  '[id*="consent" i]',
  '[class*="consent" i]',
].join(', ');
const PAGE_LEVEL = ['header', 'footer'].join(', ');

function removeChrome(document: HtmlDocument): void {
  for (const element of [...document.querySelectorAll(CHROME)]) element.remove();
  for (const element of [...document.querySelectorAll(PAGE_LEVEL)])
    if (!element.closest('article, main')) element.remove();
}

/**
 * A web page → its title, its main text in sections, and the links to follow. Readability picks
 * the article out of navigation and boilerplate; when it finds nothing, the whole body is used.
 * Links come from the whole page (menus included), before Readability prunes the document.
 */
export function extractHtml(html: string, pageUrl: string): ExtractedPage {
  const document = parse(html);
  const title = pageTitle(document);
  const base = baseUrl(document, pageUrl);
  const links = pageLinks(document, base);
  const refresh = metaRefresh(document, base);
  const canonicalHref = document.querySelector('link[rel~="canonical"][href]')?.getAttribute('href')?.trim();
  const canonical = canonicalHref ? resolve(canonicalHref, pageUrl) : null;
  const robots = [
    ...document.querySelectorAll(`meta[name="robots" i][content], meta[name="${CRAWLER_TOKEN}" i][content]`),
  ].map((meta) => meta.getAttribute('content') ?? '');
  removeChrome(document);
  let sections = mainText(document);
  if (sections.length === 0) {
    // Readability rewrites the document it reads, even when it gives up: read a fresh copy.
    const fresh = parse(html);
    removeChrome(fresh);
    sections = fresh.body ? htmlSections(fresh.body, { dropLinkBlocks: true }) : [];
  }
  return { title, sections, links, robots, ...(canonical && { canonical }), ...(refresh && { refresh }) };
}

function parse(html: string): HtmlDocument {
  return parseHTML(html).document as unknown as HtmlDocument;
}

function mainText(document: HtmlDocument): ExtractedSection[] {
  try {
    // The serializer hands back the article's DOM node, saving a second parse of its HTML.
    const article = new Readability<DomNode>(document as never, {
      serializer: (node) => node as unknown as DomNode,
    }).parse();
    return article?.content ? htmlSections(article.content, { dropLinkBlocks: true }) : [];
  } catch {
    return [];
  }
}

function pageTitle(document: HtmlDocument): string {
  const title = normalizeWhitespace(document.querySelector('title')?.textContent ?? '');
  if (title) return title;
  return normalizeWhitespace(document.querySelector('h1')?.textContent ?? '');
}

/** The URL the page's relative URLs resolve against: its <base href> (itself resolved against the page), or the page's. */
function baseUrl(document: HtmlDocument, pageUrl: string): string {
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  return (baseHref && resolve(baseHref, pageUrl)) || pageUrl;
}

/** Absolute http(s) URLs, resolved against the page's base, without fragments, each once. */
function pageLinks(document: HtmlDocument, base: string): string[] {
  const links = new Set<string>();
  for (const anchor of document.querySelectorAll('a[href], area[href]')) {
    const href = anchor.getAttribute('href')?.trim();
    const url = href ? resolve(href, base) : null;
    if (url) links.add(url);
  }
  return [...links];
}

/** The first `<meta http-equiv="refresh">` (the one browsers obey) when it names another URL. */
function metaRefresh(document: HtmlDocument, base: string): ExtractedPage['refresh'] | null {
  const content = document.querySelector('meta[http-equiv="refresh" i][content]')?.getAttribute('content');
  const refresh = content ? parseMetaRefresh(content) : null;
  const url = refresh?.url ? resolve(refresh.url, base) : null;
  return refresh && url ? { delay: refresh.delay, url } : null;
}

function resolve(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  return url.href;
}
