// A local web site whose pages tests change between runs; it answers If-None-Match with 304 and
// logs every answer, so a test can see that a conditional request was used.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const page = (title: string, text: string, links: string[] = [], head = '') =>
  `<!DOCTYPE html><html><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>${text}</p>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</main></body></html>`;

export const INDEX_V1 = page(
  'Harbour guide',
  'Lighthouse keepers polish the great lens every evening before the lamp is lit for passing ships.',
  ['/buoys.html', '/cranes.html'],
);
export const INDEX_V2 = page(
  'Harbour guide',
  'The harbour master schedules tugboat pilots for every tanker that enters the channel at high tide.',
  ['/cranes.html', '/moorings.html'],
);
export const BUOYS = page(
  'Buoys',
  'Red and green buoys mark the channel; cardinal buoys warn of rocks and shallow sandbanks nearby.',
);
export const CRANES = page(
  'Cranes',
  'The container cranes lift forty boxes an hour when the wind stays below gale force on the quay.',
);
export const MOORINGS = page(
  'Moorings',
  'Visiting yachts take the swinging moorings east of the breakwater and pay the berthing fee at the office.',
);

/** A site on 127.0.0.1 whose pages tests change; it answers If-None-Match with 304, and counts them. */
export function serveChangingSite() {
  const pages = new Map<string, string>([
    ['/', INDEX_V1],
    ['/buoys.html', BUOYS],
    ['/cranes.html', CRANES],
  ]);
  // Extra response headers per path (an `X-Robots-Tag`): part of the answer, so of its ETag too.
  const headers = new Map<string, Record<string, string>>();
  const log: Array<{ path: string; status: number }> = [];
  let down = false;
  const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const answer = (status: number, headers: Record<string, string>, body = '') => {
      log.push({ path, status });
      response.writeHead(status, headers).end(body);
    };
    if (down) return answer(500, { 'content-type': 'text/plain' }, 'down for maintenance');
    const body = pages.get(path);
    if (body === undefined) return answer(404, { 'content-type': 'text/plain' }, 'not found');
    const extra = headers.get(path) ?? {};
    const etag = etagOf(body + JSON.stringify(extra));
    if (request.headers['if-none-match'] === etag) return answer(304, { etag });
    answer(200, { 'content-type': 'text/html; charset=utf-8', etag, ...extra }, body);
  });
  return {
    pages,
    headers,
    log,
    setDown: (value: boolean) => {
      down = value;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
