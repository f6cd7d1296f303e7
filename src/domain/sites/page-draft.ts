import type { CrawlOutcome } from '../../ports/site-crawler.ts';
import { pageHash } from '../knowledge/content-hash.ts';
import { normalizeUrl } from '../../text/normalize-url.ts';
import { characterCount, type SourceDraft } from '../knowledge/store-source.ts';
import { cutText } from '../../text/cut-text.ts';

type CrawledPage = Extract<CrawlOutcome, { kind: 'page' }>;

export type PageDraftResult =
  | { draft: SourceDraft }
  | { skip: { url: string; reason: 'empty' } | { url: string; reason: 'duplicate'; sameAs: string } };

/**
 * A crawled page as a source draft of `siteId`, with its content hash and validators; or why it is
 * skipped: no text, or the same text as a page the agent already holds (`hashes`: hash → source
 * URL; the new hash is added so two copies met in one crawl are stored once).
 */
export function pageDraft(page: CrawledPage, siteId: string | null, hashes: Map<string, string>): PageDraftResult {
  const url = normalizeUrl(page.url);
  const storage = characterCount(...page.sections.map((section) => section.text));
  if (storage === 0) return { skip: { url, reason: 'empty' } };
  const title = pageTitle(page.title, url);
  const contentHash = pageHash(title, page.sections);
  const holder = hashes.get(contentHash);
  if (holder) return { skip: { url, reason: 'duplicate', sameAs: holder } };
  hashes.set(contentHash, url);
  return {
    draft: {
      type: 'website',
      title,
      content: null,
      url,
      size: null,
      storage,
      sections: page.sections,
      contentHash,
      page: { siteId, etag: page.etag, lastModified: page.lastModified, links: page.links },
    },
  };
}

const PAGE_TITLE_MAX = 500;

/** A page's title as stored (and hashed): its own, or `fallback` when it has none, at most 500 characters. */
export function pageTitle(title: string, fallback: string): string {
  return cutText(title || fallback, PAGE_TITLE_MAX);
}
