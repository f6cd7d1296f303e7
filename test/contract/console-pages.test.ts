// The console's pages as the server serves them: the app at /console (and its own links opened
// directly), hashed assets cached for good, a missing asset a real 404, nothing outside the build,
// and the host's favicon.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildConsoleIfStale } from '../../console/build.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

describe('console pages', () => {
  let server: TestServer;

  before(async () => {
    await buildConsoleIfStale();
    server = await startTestServer();
  });
  after(() => server.close());

  const get = (path: string) => fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });

  test('/ redirects to the console', async () => {
    const response = await get('/');
    assert.equal(response.status, 302);
    assert.equal(response.headers.get('location'), '/console/');
  });

  test('/favicon.ico is an icon, so no page of this host logs a 404 for it', async () => {
    const response = await get('/favicon.ico');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/x-icon');
    const icon = Buffer.from(await response.arrayBuffer());
    assert.deepEqual([...icon.subarray(0, 4)], [0, 0, 1, 0], 'an ICO header');
    assert.equal(icon.subarray(22, 26).toString('latin1'), '\x89PNG', 'holding a PNG');
  });

  test('the app page, with or without the slash and at any of its own paths, never cached stale and never framed', async () => {
    for (const path of ['/console', '/console/', '/console/a/acc_1/agents/agt_1/knowledge']) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(response.headers.get('cache-control'), 'no-cache');
      assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'self'.*frame-ancestors 'none'/);
      assert.equal(response.headers.get('x-frame-options'), 'DENY');
      assert.match(await response.text(), /<div id="root">/);
    }
  });

  test('assets named by their hash are cached for a year; a missing one is 404 in the API error shape', async () => {
    const html = await (await get('/console/')).text();
    const asset = /\/console\/assets\/[^"]+\.js/.exec(html)?.[0];
    assert.ok(asset);
    const response = await get(asset);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const compressed = await fetch(`${server.baseUrl}${asset}`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(compressed.headers.get('content-encoding'), 'br', 'sent as the Brotli copy the build made');
    assert.equal(compressed.headers.get('vary'), 'accept-encoding');
    assert.equal(await compressed.text(), await response.text(), 'the same script once decoded');
    const missing = await get('/console/assets/nothing-here.js');
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
  });

  test('nothing outside the build is reachable', async () => {
    for (const path of [
      '/console/assets/../../package.json',
      '/console/assets/%2e%2e/%2e%2e/package.json',
      '/console/%2e%2e/package.json',
      '/console/.build-hash',
    ]) {
      const response = await get(path);
      const text = await response.text();
      assert.ok(!text.includes('"dependencies"'), path);
      assert.ok(!/^[0-9a-f]{64}$/.test(text), path);
    }
  });
});
