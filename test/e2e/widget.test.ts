// The embeddable widget in headless Chromium, on a host page served from a second origin: a
// streamed answer with a citation link, feedback, clear messages for CONTENT_BLOCKED and 402, the
// conversation restored after a reload, the keyboard, a disallowed origin and a wrong user hash
// refused with words that say why (and counted for the owner), no script error,
// and axe-core with no serious violation. Screenshots go to .tmp/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  startScriptedModelServer,
  scriptedModelConfig,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';
import { createKey } from '../../src/domain/keys/create-key.ts';
import { addSource } from '../../src/domain/knowledge/store-source.ts';
import { WIDGET_SCRIPT_PATH } from '../../src/http/widget/widget-script.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGE_URL = 'https://tidewater.example/moorings';
/** Run in the page (this project's types have no DOM): whether the element has the focus inside
 * the widget's shadow root, and a computed style. */
const HAS_FOCUS = (element: { getRootNode(): { activeElement: unknown } }) =>
  element.getRootNode().activeElement === element;
type StyleWindow = { getComputedStyle(element: unknown): Record<string, string> };

/** A host site on its own origin (http://localhost:PORT, the API being on 127.0.0.1) whose page embeds the widget. */
async function serveHostPage(page: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { origin: `http://localhost:${(server.address() as { port: number }).port}`, server };
}

describe('widget in headless Chromium', () => {
  let server: TestServer;
  let model: ScriptedModelServer;
  let browser: Browser;
  let allowed: { origin: string; server: Server };
  let elsewhere: { origin: string; server: Server };
  /** An allowed site whose signed-in user's hash was made with the wrong secret. */
  let signedIn: { origin: string; server: Server };
  let agentId = '';
  let key = '';
  let accountId = '';
  const pageErrors: string[] = [];

  const hostPage = (
    user = '',
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tidewater marina</title>
<style>* { color: #b00 !important; font-family: serif !important; } button { all: unset; }</style></head>
<body><main><h1>Tidewater marina</h1><p>Berths, moorings and winter storage.</p></main>
<script src="${server.baseUrl}/widget.js" data-agent="${agentId}" data-key="${key}"${user} async></script></body></html>`;

  before(async () => {
    model = await startScriptedModelServer();
    server = await startTestServer({ configFile: scriptedModelConfig(model.baseUrl) });
    // Two credits: one answer, then 402.
    const { account, ctx } = await server.seedAccount('starter', 2);
    accountId = account.id;
    const agent = await server.seedAgent(ctx, 'Harbour desk');
    agentId = agent.id;
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted' });
    const content = 'Visitor moorings cost 30 euros a night at the east pontoon.';
    await addSource(
      server.deps,
      ctx,
      (await server.deps.store.agents.get(account.id, agent.id))!,
      {
        type: 'website',
        title: 'Moorings',
        content: null,
        url: PAGE_URL,
        size: null,
        storage: content.length,
        sections: [{ text: content, heading: null, page: null }],
      },
      PAGE_URL,
    );
    allowed = await serveHostPage(() => hostPage());
    elsewhere = await serveHostPage(() => hostPage());
    signedIn = await serveHostPage(() => hostPage(` data-user-id="customer-17" data-user-hash="${'ab'.repeat(32)}"`));
    key = (
      await createKey(server.deps, account.id, {
        name: 'marina website',
        kind: 'publishable',
        allowedAgentIds: [agent.id],
        allowedOrigins: [allowed.origin, signedIn.origin],
      })
    ).key;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    allowed?.server.close();
    elsewhere?.server.close();
    signedIn?.server.close();
    await server?.close();
    await model?.close();
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(url);
    return page;
  }

  const alert = (page: Page) => page.getByRole('alert');

  test('the script is small', () => {
    const gzipped = gzipSync(readFileSync(WIDGET_SCRIPT_PATH), { level: 9 }).length;
    console.log(`widget.js: ${readFileSync(WIDGET_SCRIPT_PATH).length} bytes, ${gzipped} gzipped`);
    // 6,000 until the widget stopped reconnecting with a revoked or expired key (about 70 bytes).
    assert.ok(gzipped < 6_100, `${gzipped} bytes gzipped`);
  });

  test('a streamed answer with a citation link, feedback, clear refusals, restored after a reload', async () => {
    const page = await open(`${allowed.origin}/`);
    const launcher = page.getByRole('button', { name: /^Chat/ });
    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Harbour desk' });
    await dialog.waitFor();
    assert.equal(await launcher.getAttribute('aria-expanded'), 'true');
    const box = page.getByRole('textbox', { name: 'Your message' });
    assert.equal(await box.evaluate(HAS_FOCUS), true, 'the message box has the focus');

    // Refused before the model (and before the credits run out below): said plainly, nothing shown as sent.
    model.moderate((input) =>
      input.includes('hurt') ? { flagged: true, categories: ['violence'] } : { flagged: false },
    );
    try {
      await box.fill('I will hurt you');
      await page.getByRole('button', { name: 'Send' }).click();
      await alert(page).getByText('That message was not sent because it looks harmful. Please rephrase it.').waitFor();
    } finally {
      model.moderate({ flagged: false });
    }
    assert.equal(await page.getByRole('log', { name: 'Conversation' }).getByText('I will hurt you').count(), 0);
    model.enqueue({ content: ['Visitor moorings', ' cost 30 euros', ' a night.'], chunkDelayMs: 40 });
    await box.fill('How much is a visitor mooring?');
    await box.press('Enter');
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('Visitor moorings cost 30 euros a night.').waitFor();
    assert.equal(await page.locator('p.status').textContent(), '', 'the earlier refusal is cleared');
    const link = log.getByRole('link', { name: 'Moorings' });
    assert.equal(await link.getAttribute('href'), PAGE_URL);
    assert.equal(await box.inputValue(), '');
    await log.getByRole('button', { name: 'Helpful', exact: true }).click();
    await page.waitForFunction(
      "document.querySelector('[data-colloquy-widget]').shadowRoot.querySelector('.rate button[aria-pressed=true]')?.textContent === 'Helpful'",
    );
    const conversations = await server.deps.store.conversations.list(accountId, agentId, { page: 1, size: 10 });
    assert.equal(conversations.total, 1);
    const stored = await server.deps.store.messages.list(accountId, conversations.items[0]!.id, { page: 1, size: 10 });
    assert.equal(stored.items[0]!.feedback?.rating, 'up');
    assert.match(conversations.items[0]!.userId ?? '', /^widget-visitor:/);
    await screenshot(page, 'widget-answer');

    const styles = await launcher.evaluate(
      (element, name) => (globalThis as unknown as StyleWindow).getComputedStyle(element)[name],
      'backgroundColor',
    );
    assert.equal(styles, 'rgb(29, 78, 216)', "the host page's styles do not reach the widget");
    assert.equal(
      await page
        .locator('h1')
        .evaluate(
          (element, name) => (globalThis as unknown as StyleWindow).getComputedStyle(element)[name],
          'fontFamily',
        ),
      'serif',
      'nor the widget the page',
    );

    await page.addScriptTag({ path: AXE_PATH });
    const axe = await page.evaluate<Array<{ id: string; impact: string; nodes: unknown[] }>>(
      'axe.run(document).then((result) => result.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map((node) => node.target) })))',
    );
    const serious = axe.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    assert.deepEqual(serious, [], JSON.stringify(serious));

    await box.fill('And for a week?');
    await box.press('Enter');
    await alert(page).getByText('The assistant cannot answer right now. Please try again later.').waitFor();
    await screenshot(page, 'widget-402');

    await page.keyboard.press('Escape');
    assert.equal(await dialog.isHidden(), true);
    assert.equal(await launcher.evaluate(HAS_FOCUS), true, 'focus returns to the launcher');

    await page.reload();
    await page.getByRole('button', { name: /^Chat/ }).click();
    const restored = page.getByRole('log', { name: 'Conversation' });
    await restored.getByText('Visitor moorings cost 30 euros a night.').waitFor();
    await restored.getByText('How much is a visitor mooring?').waitFor();
    assert.equal(
      await restored.getByRole('button', { name: 'Helpful', exact: true }).getAttribute('aria-pressed'),
      'true',
      'feedback given before the reload',
    );
    await page.close();
  });

  /** What the widget told the integrator in the browser's console. */
  const widgetConsole = (page: Page) => {
    const lines: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('Colloquy widget:')) lines.push(message.text());
    });
    return lines;
  };

  test('a page of another origin gets nothing, and says that this site is not allowed for the key', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const logged = widgetConsole(page);
    await page.goto(`${elsewhere.origin}/`);
    await page.getByRole('button', { name: /^Chat/ }).click();
    await alert(page)
      .getByText(
        `This chat is not available here: this website (${elsewhere.origin}) is not allowed for the chat's key.`,
      )
      .waitFor();
    await screenshot(page, 'widget-other-origin');
    assert.equal(logged.length, 1, logged.join('\n'));
    assert.match(
      logged[0]!,
      new RegExp(`does not allow this page's origin, ${elsewhere.origin}\\. Make a widget key that lists it`),
    );
    const refusals = await server.deps.store.widgetRefusals.list(accountId, 10);
    assert.deepEqual(
      refusals.map((r) => [r.reason, r.origin]),
      [['origin', elsewhere.origin]],
      'the owner can see the refused origin',
    );
    await page.close();
  });

  test('a wrong data-user-hash: a plain message for the visitor, the reason in the console, counted for the owner', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const logged = widgetConsole(page);
    await page.goto(`${signedIn.origin}/`);
    await page.getByRole('button', { name: /^Chat/ }).click();
    await alert(page)
      .getByText('This chat could not confirm who you are. Please reload the page or sign in again.')
      .waitFor();
    await screenshot(page, 'widget-wrong-user-hash');
    assert.equal(logged.length, 1, logged.join('\n'));
    assert.match(
      logged[0]!,
      /data-user-hash is not the HMAC-SHA256 of data-user-id "customer-17" with the agent's identity secret/,
    );
    const refusals = await server.deps.store.widgetRefusals.list(accountId, 10);
    assert.deepEqual(refusals.map((r) => [r.reason, r.origin]).sort(), [
      ['origin', elsewhere.origin],
      ['user-hash', signedIn.origin],
    ]);
    await page.close();
    assert.deepEqual(pageErrors, [], 'no script error on any page');
  });
});
