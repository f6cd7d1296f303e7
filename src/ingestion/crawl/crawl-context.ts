import { OutboundError, type Fetcher, type OutboundResponse } from '../../ports/fetcher.ts';
import type { CrawlSkipReason } from '../../ports/site-crawler.ts';

/** What every request of one crawl shares: who we are, the limits, and the crawl's abort signal. */
export interface CrawlRequestContext {
  fetcher: Fetcher;
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  signal: AbortSignal;
}

/** A GET with the crawl's user agent, limits and signal. */
export function crawlGet(
  context: CrawlRequestContext,
  url: string,
  extra: { maxRedirects: number; timeoutMs?: number; maxBytes?: number; accept?: string },
): Promise<OutboundResponse> {
  return context.fetcher.fetch({
    url,
    method: 'GET',
    headers: { 'user-agent': context.userAgent, accept: extra.accept ?? '*/*' },
    timeoutMs: extra.timeoutMs ?? context.timeoutMs,
    maxBytes: extra.maxBytes ?? context.maxBytes,
    maxRedirects: extra.maxRedirects,
    signal: context.signal,
  });
}

/** The skip reason, and the fetcher's account of what happened (in words), for a failed request. */
export function skipOf(error: unknown): { reason: CrawlSkipReason; detail?: string } {
  const reason = skipReasonOf(error);
  return { reason, ...(error instanceof OutboundError && { detail: error.message }) };
}

/** Why the fetcher gave no response, as a crawl skip reason. Anything else is rethrown: it is a bug. */
export function skipReasonOf(error: unknown): CrawlSkipReason {
  if (!(error instanceof OutboundError)) throw error;
  switch (error.reason) {
    case 'blocked-address':
    case 'bad-url':
      return 'blocked';
    case 'timeout':
      return 'timeout';
    case 'too-many-redirects':
      return 'http-error';
    case 'network':
      return 'network';
  }
}
