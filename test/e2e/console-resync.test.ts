// The console's Websites tab end to end in headless Chromium: a crawled local site changes, the
// owner presses "Re-sync now", and the run's counts are shown under the row (the button stays put,
// the site's address keeps its width); the screenshot is left in
// .tmp/screenshots/ for people to look at, as the other console tests do.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { adminClient, TEST_PASSWORD } from '../support/admin-client.ts';
import { MOORINGS, INDEX_V2, serveChangingSite } from '../support/changing-site.ts';

describe('console: re-sync a crawled website', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const site = serveChangingSite();
  let origin = '';
  let accountId = '';
  let agentId = '';
  let key = '';
  const browserErrors: string[] = [];

  before(async () => {
    origin = await site.start();
    server = await startTestServer({
      configFile: { ...UNLIMITED_RATE, network: { allowPrivateAddresses: true }, moderation: { provider: 'none' } },
    });
    const { account, ctx } = await server.seedAccount('pro', 100);
    accountId = account.id;
    agentId = (await server.seedAgent(ctx, 'Harbour help desk')).id;
    key = await server.seedKey(account.id);
    await adminClient(server).addUser(account.id, 'owner@harbour.example');
    const crawl = await server.call('POST', `/agents/${agentId}/sources/website`, { key, body: { url: `${origin}/` } });
    assert.equal(crawl.status, 200, crawl.text);
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => browserErrors.push(error.message));
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await site.close();
  });

  test('the Websites tab lists the crawled site; Re-sync now shows 1 added, 1 updated, 1 removed, 1 unchanged', async () => {
    await page.goto(`${server.baseUrl}/console/`);
    await page.getByLabel('Email').fill('owner@harbour.example');
    await page.getByRole('textbox', { name: 'Password' }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/console/a/${accountId}/overview`);
    await page.goto(`${server.baseUrl}/console/a/${accountId}/agents/${agentId}/sites`);
    await page.getByRole('tab', { name: 'Websites', selected: true }).waitFor();
    await page.getByRole('link', { name: `${origin}/` }).waitFor();
    await page.getByText('3 pages').waitFor();
    await page.getByText('Never re-synced').waitFor();

    site.pages.set('/', INDEX_V2);
    site.pages.delete('/buoys.html');
    site.pages.set('/moorings.html', MOORINGS);
    const button = page.getByRole('button', { name: `Re-sync ${origin}/` });
    const link = page.getByRole('link', { name: `${origin}/` });
    const [buttonBefore, linkBefore] = [await button.boundingBox(), await link.boundingBox()];
    await button.click();
    const result = page.getByTestId('resync-result');
    await result.waitFor({ timeout: 60_000 });
    assert.match((await result.textContent()) ?? '', /1 added · 1 updated · 1 removed · 1 unchanged · 0 failed/);
    // The result does not move the button nor squeeze the site's address onto more lines.
    await page.getByText('Never re-synced').waitFor({ state: 'detached' });
    const [buttonAfter, linkAfter] = [await button.boundingBox(), await link.boundingBox()];
    assert.ok(
      Math.abs(buttonAfter!.y - buttonBefore!.y) <= 2,
      `the button moved from y=${buttonBefore!.y} to y=${buttonAfter!.y}`,
    );
    assert.ok(buttonAfter!.y < (await result.boundingBox())!.y, 'the result is under the button');
    assert.ok(
      linkAfter!.height <= linkBefore!.height + 1,
      `the URL was squeezed onto more lines: ${JSON.stringify([linkBefore, linkAfter])}`,
    );
    assert.ok(site.log.some((entry) => entry.path === '/cranes.html' && entry.status === 304));
    // The table's row shows the recorded run once the list is read again.
    await page.getByText('3 pages').waitFor();

    await page.getByLabel(`Schedule of ${origin}/`).click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    await page.getByText('This site re-syncs weekly.').waitFor();
    await page.getByText(/^Next: /).waitFor();
    const shot = await screenshot(page, 'resync-01-websites-tab');
    assert.ok(statSync(shot).size > 10_000, 'the screenshot holds the page');

    const sites = await adminClient(server).as(await adminClient(server).signIn('owner@harbour.example'))(
      'GET',
      `/accounts/${accountId}/agents/${agentId}/sites`,
    );
    assert.equal(sites.body.sites[0].schedule, 'weekly');
    assert.deepEqual(sites.body.sites[0].lastResult, { added: 1, updated: 1, removed: 1, unchanged: 1, failed: 0 });
    assert.deepEqual(browserErrors, []);
  });
});
