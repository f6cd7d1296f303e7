import { performance } from 'node:perf_hooks';
import { OutboundError, type Fetcher } from '../ports/fetcher.ts';
import type { ClaimedDelivery } from '../ports/webhook-store.ts';
import { toEnvelope } from '../domain/events/record-event.ts';
import { signedHeaders } from './webhook-signing.ts';

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  responseBody: string | null;
}

/** The answer's start as text a database column accepts: invalid UTF-8 becomes U+FFFD, and NUL
 * (which PostgreSQL text refuses) and other control characters but tab and newlines are dropped. */
export function forTheLog(body: Buffer): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return body.toString('utf8').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/** One POST of the envelope: through the SSRF-guarded fetcher, no redirects followed, the answer
 * read up to `maxResponseBytes` (only its status matters; the start is kept for the log). */
export async function sendAttempt(
  fetcher: Fetcher,
  claim: ClaimedDelivery,
  sentAt: number,
  options: { timeoutMs: number; maxResponseBytes: number; signal?: AbortSignal },
): Promise<AttemptResult> {
  const body = JSON.stringify(toEnvelope(claim.event));
  const headers = signedHeaders(claim.endpoint.secret, claim.event.id, sentAt, body);
  const started = performance.now();
  try {
    const response = await fetcher.fetch({
      url: claim.endpoint.url,
      method: 'POST',
      headers,
      body,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxResponseBytes,
      maxRedirects: 0,
      signal: options.signal,
    });
    const error =
      response.status >= 300 && response.status < 400
        ? `redirect to ${response.headers.location ?? '?'} not followed`
        : null;
    return {
      statusCode: response.status,
      error,
      latencyMs: Math.round(performance.now() - started),
      responseBody: forTheLog(response.body),
    };
  } catch (caught) {
    const error =
      caught instanceof OutboundError
        ? `${caught.reason}: ${caught.message}`
        : caught instanceof Error
          ? caught.message
          : String(caught);
    return { statusCode: null, error, latencyMs: Math.round(performance.now() - started), responseBody: null };
  }
}
