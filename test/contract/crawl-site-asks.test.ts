// What a site asks of a crawler (noindex, nofollow, a canonical page, a meta refresh) and the
// redirects it cannot keep (a loop) show in the crawl's answer, among the added and skipped pages.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';

/** path → its answer: a page (its head, an X-Robots-Tag, its links), a redirect, or plain text (robots.txt). */
type Answer = { head?: string; robotsTag?: string; links?: string[] } | { redirect: string } | { text: string };

async function serve(answers: Record<string, Answer>): Promise<{ origin: string; heard: string[]; server: Server }> {
  const heard: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    heard.push(path);
    const answer = answers[path];
    if (!answer) return void response.writeHead(404).end();
    if ('redirect' in answer) return void response.writeHead(302, { location: answer.redirect }).end();
    if ('text' in answer) return void response.writeHead(200, { 'content-type': 'text/plain' }).end(answer.text);
    const anchors = (answer.links ?? []).map((link) => `<a href="${link}">More: ${link}</a>`).join(' ');
    response
      .writeHead(200, { 'content-type': 'text/html', ...(answer.robotsTag && { 'x-robots-tag': answer.robotsTag }) })
      .end(
        `<html><head><title>Page ${path}</title>${answer.head ?? ''}</head><body><p>The text of the page at ${path}, long enough to be read.</p>${anchors}</body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, heard, server };
}

describe('what a site asks of the crawl', () => {
  let server: TestServer;
  let key: string;
  let agentId: string;
  const sites: Server[] = [];
  before(async () => {
    server = await startTestServer({
      configFile: { ...UNLIMITED_RATE, network: { allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] } },
    });
    const { account, ctx } = await server.seedAccount('pro');
    agentId = (await server.seedAgent(ctx)).id;
    key = await server.seedKey(account.id);
  });
  after(async () => {
    for (const site of sites) {
      site.closeAllConnections();
      site.close();
    }
    await server.close();
  });

  /** Crawls a new site; `as`: another agent than the shared one, which holds no page of the same text. */
  async function crawl(answers: Record<string, Answer>, path = '/', as = { agentId, key }) {
    const site = await serve(answers);
    sites.push(site.server);
    const response = await server.call('POST', `/agents/${as.agentId}/sources/website`, {
      key: as.key,
      body: { url: `${site.origin}${path}` },
    });
    const strip = (url: string) => url.replace(site.origin, '');
    return { response, heard: site.heard, strip };
  }

  test('a noindex page is skipped as noindex, its links still followed; a nofollow page is indexed, its links not', async () => {
    const { response, heard, strip } = await crawl({
      '/': { head: '<meta name="robots" content="noindex">', links: ['/kept', '/told', '/quiet'] },
      '/kept': {},
      '/told': { robotsTag: 'noindex, nofollow', links: ['/never-a'] },
      '/quiet': { head: '<meta name="robots" content="nofollow">', links: ['/never-b'] },
    });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.added.map((source: { url: string }) => strip(source.url)).sort(), [
      '/kept',
      '/quiet',
    ]);
    assert.deepEqual(
      response.body.skipped.map((page: { url: string; reason: string }) => [strip(page.url), page.reason]).sort(),
      [
        ['/', 'noindex'],
        ['/told', 'noindex'],
      ],
    );
    assert.ok(!heard.includes('/never-a') && !heard.includes('/never-b'), heard.join(' '));
  });

  test('a redirect loop is skipped as redirect-loop; a start URL that loops is 400 in words', async () => {
    const loop: Record<string, Answer> = {
      '/': { links: ['/loop1'] },
      '/loop1': { redirect: '/loop2' },
      '/loop2': { redirect: '/loop1' },
    };
    const { response, strip } = await crawl(loop);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(
      response.body.skipped.map((page: { url: string; reason: string }) => [strip(page.url), page.reason]),
      [['/loop1', 'redirect-loop']],
    );
    const start = (await crawl(loop, '/loop1')).response;
    assert.equal(start.status, 400, start.text);
    assert.equal(start.body.error.message, 'The URL could not be crawled because it redirects in a loop.');
  });

  const pairs = (pages: Array<{ url: string; reason?: string }>, strip: (url: string) => string) =>
    pages.map((page) => [strip(page.url), page.reason ?? 'added']).sort();

  async function freshAgent(): Promise<{ agentId: string; key: string }> {
    const { account, ctx } = await server.seedAccount('pro');
    return { agentId: (await server.seedAgent(ctx)).id, key: await server.seedKey(account.id) };
  }

  test('a page whose canonical page is missing, disallowed or noindex is indexed itself; one whose canonical page is held is not', async () => {
    const agent = await freshAgent();
    const answers: Record<string, Answer> = {
      '/robots.txt': { text: 'User-agent: *\nDisallow: /private/\n' },
      '/': { links: ['/print-gone', '/print-private', '/print-hidden', '/print-real'] },
      '/print-gone': { head: '<link rel="canonical" href="/gone">' },
      '/print-private': { head: '<link rel="canonical" href="/private/original">' },
      '/print-hidden': { head: '<link rel="canonical" href="/hidden">' },
      '/hidden': { head: '<meta name="robots" content="noindex">' },
      '/print-real': { head: '<link rel="canonical" href="/real">' },
      '/real': {},
    };
    const { response, heard, strip } = await crawl(answers, '/', agent);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(pairs(response.body.added, strip), [
      ['/', 'added'],
      ['/print-gone', 'added'],
      ['/print-hidden', 'added'],
      ['/print-private', 'added'],
      ['/real', 'added'],
    ]);
    assert.deepEqual(pairs(response.body.skipped, strip), [
      ['/gone', 'http-error'],
      ['/hidden', 'noindex'],
      ['/print-real', 'canonical'],
      ['/private/original', 'robots'],
    ]);
    assert.ok(!heard.includes('/private/original'), heard.join(' '));

    // The start page too: its canonical page answers 404, so the start page is what is indexed.
    const start = await crawl({ '/print': { head: '<link rel="canonical" href="/gone">' } }, '/print', agent);
    assert.equal(start.response.status, 200, start.response.text);
    assert.deepEqual(pairs(start.response.body.added, start.strip), [['/print', 'added']]);
    assert.deepEqual(pairs(start.response.body.skipped, start.strip), [['/gone', 'http-error']]);
  });

  test('an immediate meta refresh is followed as a redirect within the site’s rules; the stub is not indexed', async () => {
    const agent = await freshAgent();
    const refresh = (content: string) => ({ head: `<meta http-equiv="refresh" content="${content}">` });
    const answers: Record<string, Answer> = {
      '/robots.txt': { text: 'User-agent: *\nDisallow: /private/\n' },
      '/': { links: ['/moved', '/quoted', '/away', '/hidden', '/looping', '/slow', '/self'] },
      '/moved': refresh('0;url=/new-home'),
      '/new-home': {},
      '/quoted': refresh("3; URL='/other-home'"),
      '/other-home': {},
      '/away': refresh('0; url=http://example.org/'),
      '/hidden': refresh('0;url=/private/page'),
      '/looping': refresh('0;url=/looping-back'),
      '/looping-back': refresh('0;url=/looping'),
      '/slow': refresh('600;url=/much-later'),
      '/self': refresh('30'),
    };
    const { response, heard, strip } = await crawl(answers, '/', agent);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(pairs(response.body.added, strip), [
      ['/', 'added'],
      ['/new-home', 'added'],
      ['/other-home', 'added'],
      ['/self', 'added'],
      ['/slow', 'added'],
    ]);
    assert.deepEqual(pairs(response.body.skipped, strip), [
      // example.org is public: the refresh leaves the site, no address was refused.
      ['/away', 'off-site'],
      ['/hidden', 'robots'],
      ['/looping', 'redirect-loop'],
    ]);
    assert.ok(!heard.includes('/private/page') && !heard.includes('/much-later'), heard.join(' '));

    // A start URL that refreshes at once: the crawl goes on from the page it names.
    const start = await crawl(
      { '/': refresh('0;url=/home'), '/home': { links: ['/about'] }, '/about': {} },
      '/',
      agent,
    );
    assert.equal(start.response.status, 200, start.response.text);
    assert.deepEqual(pairs(start.response.body.added, start.strip), [
      ['/about', 'added'],
      ['/home', 'added'],
    ]);
  });
});
