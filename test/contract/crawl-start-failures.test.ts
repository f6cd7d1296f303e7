// A crawl whose start page cannot be had says what happened, in words.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { CRAWL_SETTINGS } from '../../src/ingestion/crawl/site-crawler.ts';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

describe('crawl start failures in words', () => {
  let server: TestServer;
  let key: string;
  let agentId: string;
  let accountId: string;
  const sockets: Server[] = [];
  before(async () => {
    server = await startTestServer({
      configFile: { ...UNLIMITED_RATE, network: { allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] } },
    });
    const { account, ctx } = await server.seedAccount('pro');
    agentId = (await server.seedAgent(ctx)).id;
    accountId = account.id;
    key = await server.seedKey(account.id);
  });
  after(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  async function crawlFailure(url: string): Promise<string> {
    const response = await server.call('POST', `/agents/${agentId}/sources/website`, { key, body: { url } });
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.error.code, 'INVALID_BODY');
    const [item] = response.body.error.list.url as string[];
    assert.match(item!, /^could not be crawled: /);
    assert.doesNotMatch(response.body.error.message, /because of /);
    return response.body.error.message;
  }

  test('connection refused', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    assert.equal(
      await crawlFailure(`http://127.0.0.1:${port}/`),
      'The URL could not be crawled because the server refused the connection (nothing listens on that port).',
    );
  });

  test('a port the Fetch standard blocks is named as such, not "the connection failed"', async () => {
    // Node's fetch never connects to these ports (X11's 6000, IRC's 6667, SMTP's 25, …): the URL is
    // refused before any request, as a webhook endpoint's is when it is saved.
    for (const port of [6000, 6667, 25])
      assert.equal(
        await crawlFailure(`http://127.0.0.1:${port}/`),
        'The URL could not be crawled: its port is one that web clients never connect to (a blocked port of the Fetch standard, such as 25, 6000 or 6667): serve it on another port.',
      );
  });

  test('a private address names the setting that allows it', async () => {
    const message = await crawlFailure('http://10.1.2.3/');
    assert.match(message, /10\.1\.2\.3 is not a public address/);
    assert.match(message, /network\.allowPrivateAddresses/);
    assert.match(message, /network\.allowedAddresses/);
  });

  test('a URL written without its scheme (example.com, localhost:3000) is told to start with http:// or https://', async () => {
    for (const url of ['example.com', 'www.example.com/help', 'localhost:3000/docs', '127.0.0.1:8080']) {
      assert.equal(
        await crawlFailure(url),
        'The URL could not be crawled: it must start with http:// or https:// (such as https://example.com).',
        url,
      );
    }
    assert.equal(await crawlFailure('not a url'), 'The URL could not be crawled: not a valid URL.');
    assert.equal(
      await crawlFailure('ftp://example.com/'),
      'The URL could not be crawled: only http and https URLs are allowed.',
    );
  });

  test('DNS failure', async () => {
    assert.equal(
      await crawlFailure('http://no-such-host.invalid/'),
      'The URL could not be crawled because its host name could not be found (the DNS lookup failed).',
    );
  });

  test('TLS failure: https to a server that does not speak it', async () => {
    const plain = createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    sockets.push(plain);
    const port = await listen(plain);
    assert.equal(
      await crawlFailure(`https://127.0.0.1:${port}/`),
      'The URL could not be crawled because the secure (TLS) connection failed: the server does not speak TLS (https) on that port.',
    );
  });

  test('time-out: a server that accepts and never answers', async () => {
    const silent = createServer(() => undefined);
    sockets.push(silent);
    const port = await listen(silent);
    const timeout = CRAWL_SETTINGS.pageTimeoutMs;
    CRAWL_SETTINGS.pageTimeoutMs = 300; // the same module instance as the in-process server's
    try {
      assert.equal(
        await crawlFailure(`http://127.0.0.1:${port}/`),
        'The URL could not be crawled because it did not answer in time.',
      );
    } finally {
      CRAWL_SETTINGS.pageTimeoutMs = timeout;
    }
  });

  test('a refused start leaves no site behind: nothing to list or re-sync, and the 400 named none', async () => {
    const missing = createServer((socket) => socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n'));
    sockets.push(missing);
    const port = await listen(missing);
    await crawlFailure(`http://127.0.0.1:${port}/gone`);
    await crawlFailure('http://no-such-host.invalid/');
    assert.deepEqual(await server.deps.store.sites.list(accountId, agentId), []);
  });
});

describe('a start URL that redirects off the site', () => {
  let server: TestServer;
  let key: string;
  let agentId: string;
  const sites: HttpServer[] = [];
  before(async () => {
    server = await startTestServer({
      configFile: { ...UNLIMITED_RATE, network: { allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] } },
    });
    const { account, ctx } = await server.seedAccount('pro');
    agentId = (await server.seedAgent(ctx)).id;
    key = await server.seedKey(account.id);
  });
  after(async () => {
    for (const site of sites) site.close();
    await server.close();
  });

  /** A site whose paths answer as `routes` says: a redirect, a meta refresh, or a page. */
  async function site(routes: Record<string, { redirect?: string; refresh?: string }>): Promise<string> {
    const http = createHttpServer((request, response) => {
      const route = routes[request.url ?? '/'];
      if (!route) return void response.writeHead(404).end();
      if (route.redirect) return void response.writeHead(302, { location: route.redirect }).end();
      const head = route.refresh ? `<meta http-equiv="refresh" content="0; url=${route.refresh}">` : '';
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><head><title>A page</title>${head}</head><body><p>Some text on the page.</p></body></html>`);
    });
    sites.push(http);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }

  async function refusal(url: string): Promise<{ message: string; list: unknown }> {
    const response = await server.call('POST', `/agents/${agentId}/sources/website`, { key, body: { url } });
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), ['error', 'success']);
    assert.equal(response.body.success, false);
    assert.equal(response.body.error.code, 'INVALID_BODY');
    return { message: response.body.error.message, list: response.body.error.list };
  }

  test('a meta refresh to another site says so, not "private address"', async () => {
    const elsewhere = await site({ '/': {} });
    const start = await site({ '/': { refresh: `${elsewhere}/` } });
    const why = `it redirects off the site, to ${elsewhere}/ (a crawl stays on one site: to crawl that one, give its URL)`;
    assert.deepEqual(await refusal(`${start}/`), {
      message: `The URL could not be crawled because ${why}.`,
      list: { url: [`could not be crawled: ${why}`] },
    });
  });

  test('an HTTP redirect off the site the start URL moved to says so, not "private address"', async () => {
    // The start URL's first redirect moves the crawl (http → https, example.com → www); a second
    // move is off the site.
    const third = await site({ '/': {} });
    const moved = await site({ '/': { redirect: `${third}/` } });
    const start = await site({ '/': { redirect: `${moved}/` } });
    const why = `it redirects off the site, to ${third}/ (a crawl stays on one site: to crawl that one, give its URL)`;
    assert.deepEqual(await refusal(`${start}/`), {
      message: `The URL could not be crawled because ${why}.`,
      list: { url: [`could not be crawled: ${why}`] },
    });
  });
});
