import type { OutboundResponse } from '../../ports/fetcher.ts';
import { skipOf, type CrawlRequestContext } from './crawl-context.ts';
import type { RefetchOutcome, StoredValidators } from '../../ports/site-crawler.ts';
import { readPage } from './read-page.ts';

const MAX_REDIRECTS = 5;

/**
 * GETs a stored page again with its validators (If-None-Match, If-Modified-Since), so an
 * unchanged page costs a 304 and no body. Redirects are followed by the fetcher (its address
 * guard judges every hop) but must stay on the page's origin; so must a meta refresh that makes the
 * page a stub, which is followed too.
 */
export async function refetchPage(
  context: CrawlRequestContext,
  url: string,
  stored: StoredValidators,
  /** Meta refreshes followed so far. */
  redirects = 0,
): Promise<RefetchOutcome> {
  let response: OutboundResponse;
  try {
    response = await context.fetcher.fetch({
      url,
      method: 'GET',
      headers: {
        'user-agent': context.userAgent,
        accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1',
        ...(stored.etag && { 'if-none-match': stored.etag }),
        ...(stored.lastModified && { 'if-modified-since': stored.lastModified }),
      },
      timeoutMs: context.timeoutMs,
      maxBytes: context.maxBytes,
      maxRedirects: MAX_REDIRECTS,
      signal: context.signal,
    });
  } catch (error) {
    return { kind: 'failed', ...skipOf(error) };
  }
  if (new URL(response.url).origin !== new URL(url).origin)
    return { kind: 'failed', reason: 'off-site', detail: `it now redirects off the site, to ${response.url}` };
  if (response.status === 304)
    return {
      kind: 'not-modified',
      etag: response.headers.etag ?? stored.etag,
      lastModified: response.headers['last-modified'] ?? stored.lastModified,
    };
  if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
  const reading = readPage(response, () => false, 'rename');
  // A stored page that is now a stub refreshing elsewhere at once: followed as its redirects are.
  if (reading.refresh !== undefined) {
    if (new URL(reading.refresh).origin !== new URL(url).origin)
      return { kind: 'failed', reason: 'off-site', detail: `it now refreshes to ${reading.refresh}` };
    if (redirects >= MAX_REDIRECTS)
      return { kind: 'failed', reason: 'http-error', detail: `it refreshes more than ${MAX_REDIRECTS} times` };
    return refetchPage(context, reading.refresh, { etag: null, lastModified: null }, redirects + 1);
  }
  const { outcome } = reading;
  if (outcome.kind === 'page') return { kind: 'page', page: outcome };
  if (outcome.reason === 'noindex') return { kind: 'noindex', links: reading.links };
  const { kind: _kind, url: _url, ...failure } = outcome;
  return { kind: 'failed', ...failure };
}
