import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundError } from '../../ports/fetcher.ts';
import { createGuardedFetcher, outboundAddressPolicy } from './guarded-fetcher.ts';

let server: Server;
let base: string;

before(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect-private') return res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
    if (req.url === '/redirect-local') return res.writeHead(301, { location: '/hello' }).end();
    if (req.url === '/big') return res.end(Buffer.alloc(100_000, 97));
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 2_000).unref();
    res.end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const request = { timeoutMs: 1_000, maxBytes: 1_000, maxRedirects: 3 };

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof OutboundError, String(error));
  return error.reason;
}

test('refuses loopback literals and names that resolve to loopback unless private addresses are allowed', async () => {
  const guarded = createGuardedFetcher(outboundAddressPolicy({ allowPrivateAddresses: false, allowedAddresses: [] }));
  assert.equal(await refusal(guarded.fetch({ ...request, url: `${base}/hello` })), 'blocked-address');
  assert.equal(
    await refusal(guarded.fetch({ ...request, url: base.replace('127.0.0.1', 'localhost') + '/hello' })),
    'blocked-address',
  );
  assert.equal(await refusal(guarded.fetch({ ...request, url: 'http://[::1]/' })), 'blocked-address');
  assert.equal(
    await refusal(guarded.fetch({ ...request, url: 'http://169.254.169.254/latest/meta-data' })),
    'blocked-address',
  );
  assert.equal(await refusal(guarded.fetch({ ...request, url: 'file:///etc/passwd' })), 'bad-url');
  await guarded.close();
});

test('checks every redirect hop, caps the body, and times out', async () => {
  const open = createGuardedFetcher(outboundAddressPolicy({ allowPrivateAddresses: true, allowedAddresses: [] }));
  const followed = await open.fetch({ ...request, url: `${base}/redirect-local` });
  assert.equal(followed.body.toString(), 'hello');
  assert.equal(followed.url, `${base}/hello`);
  const notFollowed = await open.fetch({ ...request, maxRedirects: 0, url: `${base}/redirect-local` });
  assert.equal(notFollowed.status, 301);
  const big = await open.fetch({ ...request, url: `${base}/big` });
  assert.equal(big.body.length, 1_000);
  assert.equal(big.truncated, true);
  assert.equal(await refusal(open.fetch({ ...request, timeoutMs: 200, url: `${base}/slow` })), 'timeout');
  await open.close();
});

test('a redirect from an allowed host to a private address is refused', async () => {
  // The operator allows loopback by exception; the redirect's private target is still refused.
  const fetcher = createGuardedFetcher(
    outboundAddressPolicy({ allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] }),
  );
  assert.equal(await refusal(fetcher.fetch({ ...request, url: `${base}/redirect-private` })), 'blocked-address');
  await fetcher.close();
});
