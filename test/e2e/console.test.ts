// Over 300 lines: one browser session walked end to end; each step builds on the one before.
// The console end to end, the way its people use it: real headless Chromium (Debian's package,
// driven by playwright-core) against the real server, with a scripted OpenAI-compatible model, a
// local web site, a webhook receiver and a real PDF. Each step leaves a screenshot in
// .tmp/screenshots/ for people to look at.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startScriptedModelServer, type ScriptedModelServer } from '../support/scripted-model-server.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';
import { serveSite, type ServedSite } from '../fixtures/site/serve-site.ts';
import { createUser } from '../../src/domain/users/create-user.ts';
import { createScryptPasswordHasher } from '../../src/providers/crypto/scrypt-password-hasher.ts';
import { createWebhookWorker } from '../../src/compose.ts';
import type { DeliveryWorker } from '../../src/workers/delivery-worker.ts';
import type { AgentRecord } from '../../src/ports/agent-store.ts';

const PASSWORD = 'a long enough password';
const PDF = join(import.meta.dirname, '..', 'fixtures', 'files', 'lighthouses.pdf');
const LOOKUP_ORDER = [
  {
    name: 'lookup_order',
    description: 'Finds an order by its number.',
    parameters: { type: 'object', properties: { orderNumber: { type: 'string' } }, required: ['orderNumber'] },
  },
];

describe('console in headless Chromium', () => {
  let server: TestServer;
  let model: ScriptedModelServer;
  let site: ServedSite;
  let receiver: Receiver;
  let worker: DeliveryWorker;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let accountA: string;
  let otherAgentA: AgentRecord;
  let agentB: AgentRecord;
  /** The agent the owner creates through the console. */
  let agentId = '';
  /** The widget key the Widget tab made. */
  let widgetSecret = '';
  const secrets = new Map<string, string>();
  const browserErrors: string[] = [];

  const consoleUrl = (path = '') => `${server.baseUrl}/console${path}`;

  async function signIn(target: Page, email: string, password = PASSWORD): Promise<void> {
    await target.goto(consoleUrl('/'));
    await target.getByLabel('Email').fill(email);
    await target.getByRole('textbox', { name: 'Password' }).fill(password);
    await target.getByRole('button', { name: 'Sign in' }).click();
  }

  async function newPage(context: BrowserContext): Promise<Page> {
    const created = await context.newPage();
    created.setDefaultTimeout(15_000);
    created.on('pageerror', (error) => browserErrors.push(error.message));
    return created;
  }

  /** Picks an option of a Mantine Select or MultiSelect by its label. */
  async function choose(target: Page, label: string, option: string | RegExp): Promise<void> {
    await target.getByLabel(label, { exact: true }).click();
    await target.getByRole('option', { name: option }).first().click();
  }

  before(async () => {
    model = await startScriptedModelServer();
    site = await serveSite();
    const plan = { requestsPerMinute: 100_000, models: ['colloquy-extractive', 'scripted'] };
    server = await startTestServer({
      configFile: {
        network: { allowPrivateAddresses: true },
        models: [
          { id: 'colloquy-extractive', provider: 'extractive', credits: 1 },
          {
            id: 'scripted',
            name: 'Scripted model',
            provider: 'openai',
            baseUrl: model.baseUrl,
            model: 'scripted-large',
            credits: 2,
            timeoutMs: 5_000,
          },
          // On the plan, but its key variable is not set: listed, not choosable.
          {
            id: 'keyless',
            name: 'Keyless model',
            provider: 'openai',
            baseUrl: model.baseUrl,
            apiKeyEnv: 'COLLOQUY_E2E_UNSET_KEY',
            credits: 2,
          },
        ],
        plans: {
          free: { ...plan, models: ['colloquy-extractive'] },
          starter: { ...plan, models: [...plan.models, 'keyless'] },
          pro: plan,
          business: plan,
        },
        moderation: { provider: 'none' },
      },
    });
    worker = createWebhookWorker(server.config, server.deps);
    worker.start();
    receiver = await startReceiver(secrets);

    const passwords = createScryptPasswordHasher({ N: 1024, r: 8, p: 1 });
    const a = await server.seedAccount('starter', 500);
    accountA = a.account.id;
    otherAgentA = await server.seedAgent(a.ctx, 'Billing assistant');
    const b = await server.seedAccount('starter', 500);
    agentB = await server.seedAgent(b.ctx, 'Secret agent of B');
    await createUser({ ...server.deps, passwords }, accountA, {
      email: 'owner@a.example',
      password: PASSWORD,
      role: 'owner',
    });
    await createUser({ ...server.deps, passwords }, accountA, {
      email: 'mate@a.example',
      password: PASSWORD,
      role: 'teammate',
    });
    await createUser({ ...server.deps, passwords }, b.account.id, {
      email: 'owner@b.example',
      password: PASSWORD,
      role: 'owner',
    });

    browser = await launchBrowser();
    owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await newPage(owner);
  });

  after(async () => {
    await browser?.close();
    await worker?.stop();
    await receiver?.close();
    await site?.close();
    await server?.close();
    await model?.close();
  });

  test('a wrong password is refused with a clear message; the right one opens the overview', async () => {
    await signIn(page, 'owner@a.example', 'not the password at all');
    await page.getByRole('alert').getByText('The email or the password is wrong.').waitFor();
    await screenshot(page, '01-sign-in-failed');

    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/console/a/${accountA}/overview`);
    await page.getByText('starter', { exact: false }).first().waitFor();
    await screenshot(page, '02-overview');
  });

  test('the session cookie is HTTP-only and SameSite=Strict, scoped to the admin API', async () => {
    const cookies = await owner.cookies();
    const session = cookies.find((cookie) => cookie.name === 'colloquy_session');
    assert.ok(session);
    assert.equal(session.httpOnly, true);
    assert.equal(session.sameSite, 'Strict');
    assert.equal(session.path, '/api/admin');
    assert.equal(await page.evaluate('document.cookie'), '', 'scripts cannot read the session cookie');
  });

  test('create an agent with a model from the catalog, then give it a client tool', async () => {
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('link', { name: 'Billing assistant' }).waitFor();
    await page.getByRole('button', { name: 'New agent' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Harbour help desk');
    await page.getByLabel('Model', { exact: true }).click();
    const keyless = page.getByRole('option', {
      name: 'Keyless model (not configured on this server: the operator has not set the API key of its provider)',
    });
    assert.equal(await keyless.isDisabled(), true, 'a model whose provider key is unset cannot be chosen');
    await page
      .getByRole('option', { name: /Scripted model/ })
      .first()
      .click();
    await page.getByLabel('Instructions').fill('You help the harbour office. Answer briefly.');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.waitForURL(/\/agents\/agt_[^/]+\/settings$/);
    agentId = /\/agents\/(agt_[^/]+)\//.exec(page.url())?.[1] ?? '';
    const stored = await server.deps.store.agents.get(accountA, agentId);
    assert.equal(stored?.name, 'Harbour help desk');
    assert.equal(stored?.model, 'scripted');

    const tools = page.getByLabel('Client tools (JSON)');
    await tools.fill('[{"name": "broken"');
    await page.getByRole('button', { name: 'Save tools' }).click();
    await page.getByRole('alert').first().waitFor();
    await tools.fill(JSON.stringify(LOOKUP_ORDER, null, 2));
    await page.getByRole('button', { name: 'Save tools' }).click();
    await waitUntil(async () => (await server.deps.store.agents.get(accountA, agentId))?.tools.length === 1);
    await screenshot(page, '03-agent-settings');
  });

  test('knowledge: add text and upload a real PDF; both are listed and storage grows', async () => {
    await page.getByRole('tab', { name: 'Knowledge' }).click();
    const meter = page.getByTestId('storage-meter');
    await meter.waitFor();
    const usedBefore = await storageUsed();

    await page.getByLabel('Title').fill('Winter storage');
    await page
      .getByLabel('Content')
      .fill('Boats are stored on the hard standing from November to March. The crane runs on Tuesdays.');
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByRole('cell', { name: 'Winter storage' }).first().waitFor();
    await waitUntil(async () => (await storageUsed()) > usedBefore);
    const afterText = await storageUsed();

    await page.getByLabel('File to upload').setInputFiles(PDF);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page
      .getByRole('cell', { name: /lighthouses/i })
      .first()
      .waitFor({ timeout: 60_000 });
    await waitUntil(async () => (await storageUsed()) >= afterText + readFileSync(PDF).byteLength);
    await screenshot(page, '04-knowledge');

    async function storageUsed(): Promise<number> {
      const text = (await meter.textContent()) ?? '';
      return Number((/([\d,.\s]+)\s+of/.exec(text)?.[1] ?? '').replace(/[^\d]/g, ''));
    }
  });

  test('crawl the local site: live progress, then its pages listed; robots.txt kept /private out', async () => {
    await page.getByLabel('Website URL').fill(`${site.origin}/`);
    await page.getByRole('button', { name: 'Crawl' }).click();
    const progress = page.getByTestId('crawl-progress');
    await progress.getByText(/Found \d+/).waitFor();
    await page.getByRole('cell', { name: 'Harvesting Honey' }).first().waitFor({ timeout: 60_000 });
    assert.match((await progress.textContent()) ?? '', /Found \d+ · Indexed [1-9]\d* · Skipped \d+/);
    assert.ok(!site.requests.some((path) => path.startsWith('/private')), 'robots.txt disallows /private/');
    await screenshot(page, '05-crawl');
  });

  test('search shows scored passages', async () => {
    await page.getByLabel('Search query').fill('When does the crane run?');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const first = page.getByTestId('search-result').first();
    await first.waitFor();
    assert.match((await first.textContent()) ?? '', /0\.\d\d|1\.00/);
    assert.match((await first.textContent()) ?? '', /crane/i);
    await screenshot(page, '06-search');
  });

  test('explain mode shows the semantic and keyword parts of each score and the model calibration', async () => {
    await page.getByLabel(/Explain scores/).check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const explained = page.getByTestId('score-explain').first();
    await explained.waitFor();
    assert.match(
      (await explained.textContent()) ?? '',
      /Semantic \d\.\d\d \(cosine -?\d\.\d\d\) · keyword \d\.\d\d \(BM25 \d\.\d\d\)/,
    );
    assert.match(
      (await page.getByTestId('search-calibration').textContent()) ?? '',
      /unrelated text scores cosine \d\.\d\d/,
    );
    await page.getByLabel(/Explain scores/).uncheck();
  });

  test('a source is deleted only after its confirmation, and storage shrinks', async () => {
    const sources = async () =>
      (await server.deps.store.sources.list(accountA, agentId, {}, { page: 1, size: 100 })).items.map(
        (source) => source.title,
      );
    const storage = async () => (await server.deps.store.agents.get(accountA, agentId))?.storageUsed ?? 0;
    const before = await storage();
    await page.getByRole('button', { name: 'Delete Winter storage' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.ok((await sources()).includes('Winter storage'), 'canceling keeps the source');
    await page.getByRole('button', { name: 'Delete Winter storage' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('cell', { name: 'Winter storage' }).first().waitFor({ state: 'detached' });
    assert.ok(!(await sources()).includes('Winter storage'));
    assert.ok((await storage()) < before);
  });

  test('playground: a reply streams from the scripted model, a tool call is answered, and no chat event is recorded', async () => {
    await page.getByRole('tab', { name: 'Playground' }).click();
    model.enqueue({ content: ['The crane ', 'runs on ', 'Tuesdays.'], chunkDelayMs: 700 });
    const answered = page.waitForResponse((response) => response.url().includes(`/agents/${agentId}/chat`));
    await page.getByLabel('Message').fill('When does the crane run?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const response = await answered;
    assert.match(response.headers()['content-type'] ?? '', /^text\/event-stream/);
    const log = page.getByRole('log');
    // The reply grows frame by frame: its first words show while the rest is still on its way.
    await log.getByText(/^The crane/).waitFor();
    assert.equal(await log.getByText('The crane runs on Tuesdays.').count(), 0, 'the whole reply is not there yet');
    await log.getByText('The crane runs on Tuesdays.').waitFor();
    await screenshot(page, '07-playground');

    model.enqueue(
      { toolCalls: [{ name: 'lookup_order', arguments: '{"orderNumber":"A-17"}' }] },
      { content: ['Order A-17 ', 'has shipped.'] },
    );
    await page.getByLabel('Message').fill('Where is my order A-17?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByLabel('Result for lookup_order').fill('{"status":"shipped"}');
    await screenshot(page, '08-playground-tool-call');
    await page.getByRole('button', { name: 'Send results' }).click();
    await log.getByText('Order A-17 has shipped.').waitFor();
    const lastRequest = model.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> };
    assert.ok(
      lastRequest.messages.some((message) => message.role === 'tool' && String(message.content).includes('shipped')),
    );

    const events = await server.deps.store.events.list(accountA, { page: 1, size: 200 });
    assert.deepEqual(
      events.items.filter((event) => event.type.startsWith('chat.')),
      [],
      'console chats send no chat events (SPEC §6)',
    );

    await page.getByRole('button', { name: 'New conversation' }).click();
    assert.equal(await log.getByText('Order A-17 has shipped.').count(), 0);
  });

  test('conversations: the playground conversation is listed with its messages', async () => {
    await page.getByRole('tab', { name: 'Conversations' }).click();
    await page.getByText('When does the crane run?').first().click();
    await page.getByText('The crane runs on Tuesdays.').first().waitFor();
    await screenshot(page, '09-conversations');
  });

  test('widget tab: a publishable key for the agent, its snippet and identity secret, and the widget answering in the live preview', async () => {
    await page.getByRole('tab', { name: 'Widget' }).click();
    await page.getByLabel('Allowed origins').fill('https://harbour.example/\nhttp://localhost:8080');
    await page.getByRole('button', { name: 'Create widget key' }).click();
    const snippet = ((await page.getByTestId('widget-snippet').textContent()) ?? '').trim();
    const key = /data-key="(cq_pub_[\w-]{43})"/.exec(snippet)?.[1];
    assert.equal(
      snippet,
      `<script src="${server.baseUrl}/widget.js" data-agent="${agentId}" data-key="${key}" async></script>`,
    );
    const identitySecret = ((await page.getByTestId('widget-identity-secret').textContent()) ?? '').trim();
    assert.equal(
      identitySecret,
      await server.deps.store.widgetSecrets.get(accountA, agentId),
      'the agent’s identity secret, shown once',
    );
    const stored = (await server.deps.store.keys.list(accountA)).find((record) => record.kind === 'publishable');
    assert.deepEqual(
      [stored?.allowedAgentIds, stored?.allowedOrigins],
      [[agentId], ['https://harbour.example', 'http://localhost:8080', server.baseUrl]],
    );
    await page.getByTestId('widget-keys').getByText('https://harbour.example, http://localhost:8080').waitFor();
    await screenshot(page, '10a-widget-key');
    widgetSecret = key!;

    // Pressed again with the same websites: the key this browser holds is kept, no twin is made,
    // and the next key's default name differs.
    await page.getByRole('button', { name: 'Create widget key' }).click();
    await page.getByText('Nothing new was made').waitFor();
    const publishable = async () =>
      (await server.deps.store.keys.list(accountA)).filter((record) => record.kind === 'publishable').length;
    assert.equal(await publishable(), 1);
    assert.equal(await page.getByLabel('Key name').inputValue(), 'Harbour help desk website 2');
    // A browser that does not hold that key is asked first.
    const remembered = await page.evaluate(`localStorage.getItem('colloquy-console:widget-key:${agentId}')`);
    await page.evaluate(`localStorage.removeItem('colloquy-console:widget-key:${agentId}')`);
    await page.reload();
    await page.getByLabel('Allowed origins').fill('https://harbour.example\nhttp://localhost:8080');
    await page.getByRole('button', { name: 'Create widget key' }).click();
    const ask = page.getByRole('dialog', { name: 'A key for these websites exists' });
    await ask.getByText('The key “Harbour help desk website” already works on exactly these websites.').waitFor();
    await screenshot(page, '10c-widget-key-twin');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await publishable(), 1, 'nothing made without an answer');
    // A name in use is refused before anything is sent.
    await page.getByLabel('Key name').fill('Harbour help desk website');
    await page.getByLabel('Allowed origins').fill('https://other.harbour.example');
    await page.getByRole('button', { name: 'Create widget key' }).click();
    await page.getByText('Another key already has this name').waitFor();
    assert.equal(await publishable(), 1);
    await page.evaluate(
      `localStorage.setItem('colloquy-console:widget-key:${agentId}', ${JSON.stringify(remembered)})`,
    );
    await page.reload();

    // The preview: the real widget with this key, in a frame of the console's page.
    // The launcher is fixed to the frame's corner: the console's page scrolls the frame into view.
    await page.locator('iframe[title="Widget preview"]').scrollIntoViewIfNeeded();
    const preview = page.frameLocator('iframe[title="Widget preview"]');
    await preview.getByRole('button', { name: 'Chat', exact: true }).click();
    // Named after the agent once the widget has read the visitor's (empty) conversation.
    await preview.getByRole('button', { name: 'Chat with Harbour help desk' }).waitFor();
    model.enqueue({ content: ['Boats are stored ', 'from November to March.'] });
    await preview.getByLabel('Your message').fill('When is winter storage?');
    await preview.getByRole('button', { name: 'Send' }).click();
    await preview.getByText('Boats are stored from November to March.').waitFor();
    await preview.getByRole('button', { name: 'Helpful', exact: true }).waitFor();
    assert.equal(await preview.locator('.status').textContent(), '', 'no error in the widget');
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, '10b-widget-preview');

    // Reloaded, the console still shows the snippet and the preview restores the visitor's conversation.
    await page.reload();
    assert.equal(((await page.getByTestId('widget-snippet').textContent()) ?? '').trim(), snippet);
    await page.locator('iframe[title="Widget preview"]').scrollIntoViewIfNeeded();
    assert.equal(await page.getByTestId('widget-identity-secret').count(), 0, 'the identity secret is not shown again');
    await preview.getByRole('button', { name: 'Chat', exact: true }).click();
    await preview.getByText('Boats are stored from November to March.').waitFor();
    const refused = await server.call('GET', `/agents/${agentId}`, { key });
    assert.equal(refused.status, 401, 'a publishable key opens only the widget routes');
  });

  test('create a key restricted to the new agent; it works there and is refused elsewhere on the public API', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'New key' }).click();
    await page.getByLabel('Name', { exact: true }).fill('harbour website');
    await choose(page, 'Allowed agents', 'Harbour help desk');
    await page.keyboard.press('Escape');
    await page.getByLabel('Credit quota').fill('50');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = ((await page.getByTestId('new-key-secret').textContent()) ?? '').trim();
    assert.match(secret, /^cq_/);
    await screenshot(page, '10-key-created');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'harbour website' }).first().waitFor();

    const allowed = await server.call('GET', `/agents/${agentId}`, { key: secret });
    assert.equal(allowed.status, 200);
    const refused = await server.call('GET', `/agents/${otherAgentA.id}`, { key: secret });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'AGENT_NOT_ALLOWED');
    // A page of a website the widget key does not list: its owner sees the refused origin.
    const refusedVisit = await server.call('POST', '/widget/visitors', {
      key: widgetSecret,
      body: {},
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(refusedVisit.status, 403);
    await page.reload();
    await page.getByRole('cell', { name: 'harbour website' }).first().waitFor();
    const widgetKey = page.getByRole('row', { name: /Harbour help desk website/ });
    await widgetKey
      .getByTestId('widget-refusals')
      .getByText(/^https:\/\/evil\.example is not allowed \(once, last /)
      .waitFor();
    await widgetKey.getByText('publishable', { exact: true }).waitFor();
    await widgetKey.getByText(`Origins: https://harbour.example, http://localhost:8080, ${server.baseUrl}`).waitFor();
    await page
      .getByRole('row', { name: /harbour website/ })
      .getByText('secret', { exact: true })
      .waitFor();
    await screenshot(page, '11-keys');
  });

  test('add a webhook endpoint, send a ping, and see the delivery in the log', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    const url = receiver.url('/console-hook');
    await page.getByLabel('URL').fill(url);
    await page.getByLabel('Description').fill('Harbour office receiver');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = ((await page.getByTestId('new-webhook-secret').textContent()) ?? '').trim();
    assert.match(secret, /^whsec_/);
    secrets.set('/console-hook', secret);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByText(url).first().click();
    await page.getByRole('button', { name: 'Send ping' }).click();
    await receiver.waitFor(1, 15_000);
    assert.equal(receiver.received[0]?.envelope.type, 'ping');
    assert.equal(receiver.received[0]?.verified, true, 'signed with the secret shown once');
    const row = page.getByRole('row', { name: /ping/ });
    await row.getByText('succeeded').waitFor();
    await row.getByText('200').first().waitFor();
    await screenshot(page, '12-webhooks');
  });

  test('members: the owner sees the team', async () => {
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('cell', { name: 'mate@a.example' }).first().waitFor();
    await screenshot(page, '13-members');
  });

  test('phone width (390 px): every main screen fits without sideways scrolling; the agent tabs stay on one row', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await owner.storageState(),
    });
    const small = await newPage(phone);
    const fits = async (name: string) => {
      const [scrollWidth, innerWidth] = (await small.evaluate(
        '[document.documentElement.scrollWidth, window.innerWidth]',
      )) as [number, number];
      assert.ok(scrollWidth <= innerWidth, `${name}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
      await screenshot(small, `14-phone-${name}`);
    };
    await small.goto(consoleUrl(`/a/${accountA}/overview`));
    await small.getByRole('button', { name: 'Toggle navigation' }).waitFor();
    await small.waitForLoadState('networkidle');
    await fits('overview');
    await small.goto(consoleUrl(`/a/${accountA}/agents`));
    await small.getByText('Harbour help desk').first().waitFor();
    await fits('agents');
    const tabs: Array<[string, () => Promise<unknown>]> = [
      ['settings', () => small.getByLabel('Instructions').waitFor()],
      ['knowledge', () => small.getByTestId('storage-meter').waitFor()],
      ['sites', () => small.getByRole('heading', { name: 'Websites', exact: true }).waitFor()],
      ['playground', () => small.getByRole('button', { name: 'Send' }).waitFor()],
      ['conversations', () => small.getByText('When does the crane run?').first().waitFor()],
      ['insights', () => small.getByRole('tabpanel').waitFor()],
      ['widget', () => small.getByTestId('widget-snippet').waitFor()],
    ];
    for (const [tab, ready] of tabs) {
      await small.goto(consoleUrl(`/a/${accountA}/agents/${agentId}/${tab}`));
      await ready();
      const tabList = (await small.getByRole('tablist').first().boundingBox())!;
      const tab0 = (await small.getByRole('tab', { name: 'Settings' }).boundingBox())!;
      assert.ok(
        tabList.height < tab0.height * 1.5,
        `${tab}: the agent's tabs take ${tabList.height} px, more than one row of ${tab0.height} px`,
      );
      await fits(`agent-${tab}`);
    }
    await small.goto(consoleUrl(`/a/${accountA}/keys`));
    await small.getByTestId('key-card').first().waitFor();
    await small
      .getByTestId('key-card')
      .filter({ hasText: 'Harbour help desk website' })
      .getByText(/evil\.example is not allowed/)
      .waitFor();
    await fits('keys');
    await small.goto(consoleUrl(`/a/${accountA}/webhooks`));
    await small.getByText('Harbour office receiver').first().waitFor();
    await fits('webhooks');
    await small.goto(consoleUrl(`/a/${accountA}/members`));
    await small.getByText('mate@a.example').first().waitFor();
    await fits('members');
    await phone.close();
  });

  test('a teammate signs in and cannot reach another account or its agent', async () => {
    const mateContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const mate = await newPage(mateContext);
    await signIn(mate, 'mate@a.example');
    await mate.waitForURL(`**/console/a/${accountA}/overview`);

    const agentOfB = await mate.request.get(`${server.baseUrl}/api/admin/v1/accounts/${accountA}/agents/${agentB.id}`);
    assert.equal(agentOfB.status(), 404);
    await mate.goto(consoleUrl(`/a/${accountA}/agents/${agentB.id}/settings`));
    await mate.getByRole('alert').waitFor();
    assert.equal(await mate.getByText('Secret agent of B').count(), 0);
    await screenshot(mate, '16-teammate-other-agent');

    const accountOfB = await mate.request.get(`${server.baseUrl}/api/admin/v1/accounts/${agentB.accountId}/agents`);
    assert.equal(accountOfB.status(), 404);
    await mate.goto(consoleUrl(`/a/${agentB.accountId}/agents`));
    await mate.getByRole('alert').first().waitFor();
    assert.equal(await mate.getByText('Secret agent of B').count(), 0);
    await mateContext.close();
  });

  test('no page raised a script error', () => {
    assert.deepEqual(browserErrors, []);
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
