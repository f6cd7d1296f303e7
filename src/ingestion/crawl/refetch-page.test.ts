import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGuardedFetcher, outboundAddressPolicy } from '../../providers/http/guarded-fetcher.ts';
import { refetchPage } from './refetch-page.ts';

const guarded = createGuardedFetcher(
  outboundAddressPolicy({ allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] }),
);
after(() => guarded.close());

test('a stored page that has become a meta refresh stub is read where it sends readers, on the same site only', async () => {
  const heads: Record<string, string> = {
    '/old': '<meta http-equiv="refresh" content="0; url=/new">',
    '/new': '',
    '/away': '<meta http-equiv="refresh" content="0; url=https://example.org/">',
    '/round': '<meta http-equiv="refresh" content="0; url=/round-again">',
    '/round-again': '<meta http-equiv="refresh" content="0; url=/round">',
  };
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (!(path in heads)) return void response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<html><head><title>${path}</title>${heads[path]}</head><body><p>The text of ${path}.</p></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const context = {
      fetcher: guarded,
      userAgent: 'ColloquyBot/1.0',
      timeoutMs: 5_000,
      maxBytes: 1_000_000,
      signal: new AbortController().signal,
    };
    const none = { etag: null, lastModified: null };
    const moved = await refetchPage(context, `${origin}/old`, none);
    assert.equal(moved.kind, 'page');
    assert.equal(moved.kind === 'page' && moved.page.title, '/new');
    assert.deepEqual(await refetchPage(context, `${origin}/away`, none), {
      kind: 'failed',
      reason: 'off-site',
      detail: 'it now refreshes to https://example.org/',
    });
    assert.deepEqual(await refetchPage(context, `${origin}/round`, none), {
      kind: 'failed',
      reason: 'http-error',
      detail: 'it refreshes more than 5 times',
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
