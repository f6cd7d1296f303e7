// Where a publishable (widget) key may go: only the widget routes, only from a page of one of its
// origins; CORS is answered for those origins and no other. The widget routes take no other key.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { listsOrigin, recordWidgetRefusal } from '../../domain/widget/widget-refusals.ts';
import type { ApiKeyRecord } from '../../ports/api-key-store.ts';
import type { HttpDeps } from '../types.ts';

export const EXPOSED_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id';

export async function admitWidgetKey(
  deps: HttpDeps,
  key: ApiKeyRecord,
  widgetRoute: boolean,
  origin: string | undefined,
  reply: FastifyReply,
): Promise<void> {
  if (key.kind !== 'publishable') {
    if (widgetRoute) throw new AppError('AUTH_REQUIRED', 'The widget routes take a publishable key.');
    return;
  }
  if (!widgetRoute) throw new AppError('AUTH_REQUIRED', 'A publishable key opens only the widget routes.');
  if (!listsOrigin(key, origin)) {
    await recordWidgetRefusal(deps.domain, key, 'origin', origin);
    // The refused page may read this answer (it says only that its own origin is refused), so its
    // widget can say why it does not work instead of blaming the network.
    if (origin) reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
    throw new AppError('ORIGIN_NOT_ALLOWED', 'This page’s origin is not allowed for this publishable key.');
  }
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Vary', 'Origin');
  reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/** The origin of the page that sent the request. Browsers send `Origin` with every cross-origin
 * request and every POST, but not with a same-origin GET (Fetch standard): the widget reading its
 * conversation on a page of this very host (the console's live preview, a site behind the same
 * domain). For a request the browser marks `Sec-Fetch-Site: same-origin`, the origin of `Referer`
 * stands in. A page's script can set neither header; a client that is not a browser can send any
 * `Origin` anyway, so this admits nothing a made-up `Origin` would not. */
export function pageOrigin(headers: IncomingHttpHeaders): string | undefined {
  if (headers.origin) return headers.origin;
  if (headers['sec-fetch-site'] !== 'same-origin' || !headers.referer) return undefined;
  try {
    return new URL(headers.referer).origin;
  } catch {
    return undefined;
  }
}
