// "Talk to a person" in the widget, in headless Chromium, on a host page of another origin: the
// visitor asks from the dialog's menu, writes (stored for a person, no model call), a person replies
// through the API and the visitor sees "A person has joined" and the reply without reloading; then
// the conversation goes back to the assistant. No script error; axe-core finds nothing serious.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  startScriptedModelServer,
  scriptedModelConfig,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';
import { createKey, revokeKey } from '../../src/domain/keys/create-key.ts';
import { WITH_PEOPLE_NOTICE } from '../../src/domain/handoff/hold-for-people.ts';
import { buildConsoleIfStale } from '../../console/build.ts';
import { adminClient, TEST_PASSWORD } from '../support/admin-client.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGE_TIMEOUT_MS = 30_000; // a wait ends when the page shows it: the ceiling is for a loaded machine

describe('widget handoff in headless Chromium', () => {
  let server: TestServer;
  let model: ScriptedModelServer;
  let browser: Browser;
  let host: Server;
  let origin = '';
  let agentId = '';
  let accountId = '';
  let publishable = '';
  let secret = '';
  const pageErrors: string[] = [];

  before(async () => {
    model = await startScriptedModelServer();
    server = await startTestServer({ configFile: scriptedModelConfig(model.baseUrl) });
    const { account, ctx } = await server.seedAccount('starter', 10);
    accountId = account.id;
    const agent = await server.seedAgent(ctx, 'Harbour desk');
    agentId = agent.id;
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted' });
    host = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tidewater marina</title></head><body><main><h1>Tidewater marina</h1></main>
<script src="${server.baseUrl}/widget.js" data-agent="${agentId}" data-key="${publishable}" async></script></body></html>`);
    });
    host.listen(0, '127.0.0.1');
    await once(host, 'listening');
    origin = `http://localhost:${(host.address() as { port: number }).port}`;
    publishable = (
      await createKey(server.deps, account.id, {
        name: 'marina website',
        kind: 'publishable',
        allowedAgentIds: [agent.id],
        allowedOrigins: [origin],
      })
    ).key;
    secret = await server.seedKey(account.id, { name: 'team inbox' });
    await buildConsoleIfStale();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    host?.close();
    await server?.close();
    await model?.close();
  });

  test('the visitor asks for a person, a person replies, the visitor sees it live', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/`);
    await page.getByRole('button', { name: /^Chat/ }).click();
    await page.getByRole('dialog', { name: 'Harbour desk' }).waitFor();
    const log = page.getByRole('log', { name: 'Conversation' });

    const more = page.getByRole('button', { name: 'More options' });
    await more.click();
    assert.equal(await more.getAttribute('aria-expanded'), 'true');
    await page.getByRole('menuitem', { name: 'Talk to a person' }).click();
    await log.getByText('A person will join soon.').waitFor();
    const [conversation] = (await server.deps.store.conversations.listWithPeople(accountId, { page: 1, size: 5 }))
      .items;
    assert.ok(conversation, 'the conversation waits in the inbox');
    assert.equal(conversation.handoff?.requestedBy, 'visitor');

    const modelCalls = model.requests.length;
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('My engine will not start.');
    await box.press('Enter');
    await log.getByText(WITH_PEOPLE_NOTICE).waitFor();
    assert.equal(model.requests.length, modelCalls, 'no model call while with people');

    const reply = await server.call('POST', `/agents/${agentId}/conversations/${conversation.id}/messages`, {
      key: secret,
      body: { content: 'Hi, Grace from the yard here. I will come by at 3.', authorName: 'Grace' },
    });
    assert.equal(reply.status, 200, reply.text);
    await log.getByText('A person has joined: Grace').waitFor();
    await log.getByText('Hi, Grace from the yard here. I will come by at 3.').waitFor();
    assert.equal(await log.getByText('My engine will not start.').count(), 1, "the visitor's message is shown once");
    await screenshot(page, 'widget-handoff');

    await page.addScriptTag({ path: AXE_PATH });
    const axe = await page.evaluate<Array<{ id: string; impact: string }>>(
      'axe.run(document).then((result) => result.violations.map(({ id, impact }) => ({ id, impact })))',
    );
    assert.deepEqual(
      axe.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
      [],
    );

    assert.equal(
      (
        await server.call('POST', `/agents/${agentId}/conversations/${conversation.id}/handoff/resolve`, {
          key: secret,
        })
      ).status,
      200,
    );
    await log.getByText('You are back with the assistant.').waitFor();
    model.enqueue({ content: ['Glad it is sorted.'] });
    await box.fill('Thanks!');
    await box.press('Enter');
    await log.getByText('Glad it is sorted.').waitFor();

    await page.reload();
    await page.getByRole('button', { name: /^Chat/ }).click();
    await page
      .getByRole('log', { name: 'Conversation' })
      .getByText('Hi, Grace from the yard here. I will come by at 3.')
      .waitFor();
    assert.deepEqual(pageErrors, []);
  });

  test('the console inbox: the transcript with sources, assign, a reply the visitor sees live; a viewer only reads', async () => {
    const added = await server.call('POST', `/agents/${agentId}/sources/text`, {
      key: secret,
      body: { title: 'Winter storage', content: 'Boats are stored indoors from November to March.' },
    });
    assert.equal(added.status, 200, added.text);
    const admin = adminClient(server);
    await admin.addUser(accountId, 'grace@marina.example', 'teammate');
    await admin.addUser(accountId, 'vic@marina.example', 'viewer');

    const visitor = await (await browser.newContext()).newPage();
    visitor.setDefaultTimeout(PAGE_TIMEOUT_MS);
    visitor.on('pageerror', (error) => pageErrors.push(error.message));
    await visitor.goto(`${origin}/`);
    await visitor.getByRole('button', { name: /^Chat/ }).click();
    await visitor.getByRole('dialog', { name: 'Harbour desk' }).waitFor();
    const log = visitor.getByRole('log', { name: 'Conversation' });
    const box = visitor.getByRole('textbox', { name: 'Your message' });
    model.enqueue({ content: ['Boats are stored indoors from November.'] });
    await box.fill('Where is my boat stored in winter?');
    await box.press('Enter');
    await log.getByText('Boats are stored indoors from November.').waitFor();
    await visitor.getByRole('button', { name: 'More options' }).click();
    await visitor.getByRole('menuitem', { name: 'Talk to a person' }).click();
    await log.getByText('A person will join soon.').waitFor();
    await box.fill('Can someone check the cover?');
    await box.press('Enter');
    await log.getByText(WITH_PEOPLE_NOTICE).waitFor();

    const signIn = async (email: string) => {
      const page = await (await browser.newContext()).newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${server.baseUrl}/console/`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('textbox', { name: 'Password' }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: 'Inbox' }).click();
      const row = page.getByRole('list', { name: 'Conversations waiting for a person' }).getByRole('listitem');
      await row.getByText('Where is my boat stored in winter?').waitFor();
      await row.getByRole('button', { name: /^Open the conversation/ }).click();
      return page.getByRole('region', { name: 'Conversation with a person' });
    };
    const grace = await signIn('grace@marina.example');
    const transcript = grace.getByRole('log', { name: 'Transcript' });
    await transcript.getByText('Can someone check the cover?').waitFor();
    await transcript.getByText('Sources: Winter storage').waitFor();
    await grace.getByRole('button', { name: 'Assign to me' }).click();
    await grace.getByText('Assigned to grace@marina.example').waitFor();
    await grace.getByLabel('Your name, as the visitor sees it').fill('Grace');
    await grace.getByRole('textbox', { name: 'Reply' }).fill('I will check the cover this afternoon.');
    await grace.getByRole('button', { name: 'Send' }).click();
    await log.getByText('A person has joined: Grace').waitFor();
    await log.getByText('I will check the cover this afternoon.').waitFor();
    await box.fill('Thank you!');
    await box.press('Enter');
    await transcript.getByText('Thank you!').waitFor();
    await screenshot(grace.page(), 'console-inbox');

    const vic = await signIn('vic@marina.example');
    await vic.getByRole('log', { name: 'Transcript' }).getByText('I will check the cover this afternoon.').waitFor();
    await vic.getByText('As a viewer you read the inbox; an owner or teammate answers.').waitFor();
    assert.equal(await vic.getByRole('button', { name: 'Send' }).count(), 0);
    assert.equal(await vic.getByRole('button', { name: 'Resolve' }).count(), 0);

    await grace.getByRole('button', { name: 'Resolve' }).click();
    await log.getByText('You are back with the assistant.').waitFor();
    await grace.page().getByText('No one is waiting').waitFor();
    assert.deepEqual(pageErrors, []);
  });

  test("the agent's Settings: handoff on and team hours; outside them the widget says when a person will answer", async () => {
    await adminClient(server).addUser(accountId, 'hana@marina.example', 'owner');
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.baseUrl}/console/`);
    await page.getByLabel('Email').fill('hana@marina.example');
    await page.getByRole('textbox', { name: 'Password' }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Inbox' }).waitFor();
    await page.goto(`${server.baseUrl}/console/a/${accountId}/agents/${agentId}/settings`);
    await page.getByRole('switch', { name: 'Hand over when a visitor asks for a person' }).click();
    await page.getByText('Visitors who ask for a person are handed over.').waitFor();
    await page.getByRole('checkbox', { name: 'People answer only during team hours' }).click();
    // Only tomorrow, in the browser's time zone (the form's default): never now.
    const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const today = await page.evaluate(() => new Date().getDay());
    // A chip's checkbox is hidden behind its label, which takes the click.
    const chip = (day: string) => page.getByText(day, { exact: true });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) await chip(day).click();
    await chip(days[(today + 1) % 7] as string).click();
    await page.getByRole('button', { name: 'Save team hours' }).click();
    await page.getByText('The team hours were saved.').waitFor();
    const agent = await server.deps.store.agents.get(accountId, agentId);
    assert.equal(agent?.handoffEnabled, true);
    assert.deepEqual(agent?.handoffHours?.weekly, [
      { days: [['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][(today + 1) % 7]], from: '09:00', to: '17:00' },
    ]);

    const visitor = await (await browser.newContext()).newPage();
    visitor.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await visitor.goto(`${origin}/`);
    await visitor.getByRole('button', { name: /^Chat/ }).click();
    await visitor.getByRole('dialog', { name: 'Harbour desk' }).waitFor();
    await visitor.getByRole('button', { name: 'More options' }).click();
    await visitor.getByRole('menuitem', { name: 'Talk to a person' }).click();
    await visitor
      .getByRole('log', { name: 'Conversation' })
      .getByText(
        /^Our team is away right now: a person will answer from \w+day at 09:00 \(.+\)\. Your conversation waits for them\.$/,
      )
      .waitFor();
    await updateAgent(server.deps, { accountId, plan: 'starter', key: null, requestId: 'test' }, agentId, {
      handoffEnabled: false,
      handoffHours: null,
    });
    assert.deepEqual(pageErrors, []);
  });

  test('a key revoked while the visitor waits for a person: the widget says the chat cannot answer and stops asking', async () => {
    const kept = publishable;
    const revocable = await createKey(server.deps, accountId, {
      name: 'marina website, to revoke',
      kind: 'publishable',
      allowedAgentIds: [agentId],
      allowedOrigins: [origin],
    });
    publishable = revocable.key;
    try {
      const visitor = await (await browser.newContext()).newPage();
      visitor.setDefaultTimeout(PAGE_TIMEOUT_MS);
      visitor.on('pageerror', (error) => pageErrors.push(error.message));
      const streamRequests: number[] = [];
      visitor.on('request', (request) => {
        if (request.url().includes('/widget/conversation/stream')) streamRequests.push(Date.now());
      });
      await visitor.goto(`${origin}/`);
      await visitor.getByRole('button', { name: /^Chat/ }).click();
      await visitor.getByRole('button', { name: 'More options' }).click();
      await visitor.getByRole('menuitem', { name: 'Talk to a person' }).click();
      await visitor.getByRole('log', { name: 'Conversation' }).getByText('A person will join soon.').waitFor();
      // The widget follows the conversation from here on.
      while (streamRequests.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.notEqual((await revokeKey(server.deps, accountId, revocable.record.id)).revokedAt, null);

      await visitor
        .getByRole('alert')
        .getByText('This chat is not set up correctly, so it cannot answer here.')
        .waitFor({ timeout: PAGE_TIMEOUT_MS }); // the stream ends (5 s), the widget asks again (2 s): 401
      const asked = streamRequests.length;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      assert.equal(streamRequests.length, asked, 'no stream asked for again');
      assert.deepEqual(pageErrors, []);
    } finally {
      publishable = kept;
    }
  });
});
