// `sites list --agent A` and `sites resync ID` run as an operator would: one JSON object on stdout,
// errors on stderr with a non-zero exit, on the database a running server uses.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { runCli } from '../support/processes.ts';
import { MOORINGS, INDEX_V2, serveChangingSite } from '../support/changing-site.ts';

describe('operator CLI: sites', () => {
  let server: TestServer;
  const site = serveChangingSite();
  let origin = '';
  const cli = (...args: string[]) =>
    runCli(args, {
      ...server.database.env,
      COLLOQUY_CONFIG: join(server.database.env.DATA_DIR, 'config.json'),
      LOG_LEVEL: 'silent',
    });

  before(async () => {
    origin = await site.start();
    server = await startTestServer({
      configFile: { ...UNLIMITED_RATE, network: { allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] } },
    });
  });
  after(async () => {
    await server.close();
    await site.close();
  });

  test('lists an agent’s sites and re-syncs one, with the counts', async () => {
    const { account, ctx } = await server.seedAccount('pro', 10);
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
      key,
      body: { url: `${origin}/` },
    });
    assert.equal(crawl.status, 200, crawl.text);

    const listed = await cli('sites', 'list', '--agent', agent.id);
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal(listed.json.sites.length, 1);
    assert.deepEqual(
      { id: listed.json.sites[0].id, url: listed.json.sites[0].url, pageCount: listed.json.sites[0].pageCount },
      { id: crawl.body.siteId, url: `${origin}/`, pageCount: 3 },
    );

    site.pages.set('/', INDEX_V2);
    site.pages.delete('/buoys.html');
    site.pages.set('/moorings.html', MOORINGS);
    const resynced = await cli('sites', 'resync', crawl.body.siteId);
    assert.equal(resynced.code, 0, resynced.stderr);
    const { failures, error, ...counts } = resynced.json.result;
    assert.deepEqual(counts, { added: 1, updated: 1, removed: 1, unchanged: 1, failed: 0 });
    assert.deepEqual([failures, error], [[], null]);
    assert.equal(resynced.json.site.pageCount, 3);

    const missing = await cli('sites', 'resync', 'site_missing');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /NOT_FOUND/);
  });
});
