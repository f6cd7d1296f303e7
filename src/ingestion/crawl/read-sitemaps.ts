import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { crawlGet, type CrawlRequestContext } from './crawl-context.ts';
import { onSite } from './crawl-frontier.ts';

// A sitemap index may name up to 50,000 sitemaps; one crawl reads only the first few.
const MAX_SITEMAPS = 10;

/**
 * Page URLs listed in the given sitemaps (on the site only, see onSite), reading sitemap indexes one level
 * deep, at most `limit` of them. A sitemap that is missing, unreachable or malformed adds nothing:
 * sitemaps only seed the crawl, they never stop it.
 */
export async function readSitemaps(
  context: CrawlRequestContext,
  input: { origin: string; sitemapUrls: string[]; limit: number },
): Promise<string[]> {
  const sameOrigin = (url: string) => originOf(url) === input.origin;
  const pages = new Set<string>();
  const queue = [...new Set(input.sitemapUrls.filter(sameOrigin))].map((url) => ({ url, depth: 0 }));
  for (let read = 0; read < queue.length && read < MAX_SITEMAPS && pages.size < input.limit; read += 1) {
    const { url, depth } = queue[read]!;
    const listed = await readOne(context, url);
    if (!listed) continue;
    for (const page of listed.pages) {
      if (pages.size >= input.limit) break;
      const onSitePage = onSite(page, input.origin);
      if (onSitePage !== null) pages.add(onSitePage);
    }
    if (depth === 0) {
      for (const child of listed.sitemaps)
        if (sameOrigin(child) && !queue.some((entry) => entry.url === child)) queue.push({ url: child, depth: 1 });
    }
  }
  return [...pages];
}

async function readOne(
  context: CrawlRequestContext,
  url: string,
): Promise<{ pages: string[]; sitemaps: string[] } | null> {
  try {
    const response = await crawlGet(context, url, { maxRedirects: 5, accept: 'application/xml, text/xml, */*' });
    if (
      response.status < 200 ||
      response.status >= 300 ||
      response.truncated ||
      originOf(response.url) !== originOf(url)
    )
      return null;
    return parseSitemap(xmlText(response.body, context.maxBytes));
  } catch (error) {
    if (context.signal.aborted) throw error;
    return null;
  }
}

function xmlText(body: Buffer, maxBytes: number): string {
  // sitemap.xml.gz is common; the unzipped size is capped like any page.
  const raw = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body, { maxOutputLength: maxBytes }) : body;
  return raw.toString('utf8');
}

// Entities are left alone so that a DOCTYPE cannot expand into gigabytes; sitemaps only need the five predefined ones.
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

export function parseSitemap(xml: string): { pages: string[]; sitemaps: string[] } {
  const document = parser.parse(xml) as {
    urlset?: { url?: Array<{ loc?: unknown }> };
    sitemapindex?: { sitemap?: Array<{ loc?: unknown }> };
  };
  return { pages: locations(document.urlset?.url), sitemaps: locations(document.sitemapindex?.sitemap) };
}

function locations(entries: Array<{ loc?: unknown }> | undefined): string[] {
  return (entries ?? []).flatMap((entry) => {
    if (typeof entry?.loc !== 'string') return [];
    try {
      return [new URL(decodeXmlEntities(entry.loc.trim())).href];
    } catch {
      return [];
    }
  });
}

function decodeXmlEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return named[entity.toLowerCase()] ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
