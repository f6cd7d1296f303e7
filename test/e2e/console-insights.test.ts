// The insights in headless Chromium: the source viewer (a real PDF's text and chunks with their pages,
// paged), the Insights tab (grouped unanswered questions answered with one Q&A, a reply rated down
// with its comment, the most asked, the exports), tool outputs in the conversation view, and a
// pending tool call that survives a reload of the playground. Screenshots go to .tmp/screenshots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  startScriptedModelServer,
  scriptedModelConfig,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { adminClient } from '../support/admin-client.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';
import type { AgentRecord } from '../../src/ports/agent-store.ts';

const PDF = join(import.meta.dirname, '..', 'fixtures', 'files', 'lighthouses.pdf');
const LOOKUP_ORDER = [
  {
    name: 'lookup_order',
    description: 'Finds an order by its number.',
    parameters: { type: 'object', properties: { orderNumber: { type: 'string' } }, required: ['orderNumber'] },
  },
];
const PASSWORD = ['How do I reset my password?', 'I forgot my password, how can I change it?', 'password reset'];
const CANCEL = ['How do I cancel my booking?', 'I want to cancel my berth booking'];

describe('console insights, source viewer and tool outputs in headless Chromium', () => {
  let server: TestServer;
  let model: ScriptedModelServer;
  let browser: Browser;
  let page: Page;
  let accountId: string;
  let agent: AgentRecord;
  let key: string;
  let toolConversation = '';
  const browserErrors: string[] = [];
  const agentUrl = (tab: string) => `${server.baseUrl}/console/a/${accountId}/agents/${agent.id}/${tab}`;
  /** The page scrolls sideways by at most a pixel: nothing overflows the viewport. */
  const assertNoOverflow = async (target: Page) => {
    const overflow = (await target.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow} px`);
  };

  before(async () => {
    model = await startScriptedModelServer();
    server = await startTestServer({ configFile: scriptedModelConfig(model.baseUrl) });
    const { account, ctx } = await server.seedAccount('starter', 500);
    accountId = account.id;
    agent = await server.seedAgent(ctx, 'Harbour helper');
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted', tools: LOOKUP_ORDER });
    key = await server.seedKey(account.id);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(PDF)]), 'lighthouses.pdf');
    assert.equal(
      (
        await fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/sources/files`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}` },
          body: form,
        })
      ).status,
      200,
    );

    // End users' traffic: questions the knowledge (lighthouses) does not answer, a reply rated
    // down, and a tool call answered by the client.
    const chat = async (body: object) => {
      const reply = await server.call('POST', `/agents/${agent.id}/chat`, { key, body });
      assert.equal(reply.status, 200, reply.text);
      return reply.body as { conversationId: string; messageId: string; reply: { tool_calls?: Array<{ id: string }> } };
    };
    for (const question of [...PASSWORD, ...CANCEL]) await chat({ message: question });
    model.enqueue({ content: ['Lighthouses use Fresnel lenses.'] });
    const rated = await chat({ message: 'Who invented the Fresnel lens?' });
    const feedback = await server.call(
      'POST',
      `/agents/${agent.id}/conversations/${rated.conversationId}/messages/${rated.messageId}/feedback`,
      { key, body: { rating: 'down', comment: 'It does not name the inventor' } },
    );
    assert.equal(feedback.status, 200, feedback.text);
    model.enqueue(
      { toolCalls: [{ name: 'lookup_order', arguments: '{"orderNumber":"B-42"}' }] },
      { content: ['Order B-42 is on its way.'] },
    );
    const called = await chat({ message: 'Where is order B-42?' });
    toolConversation = called.conversationId;
    const callId = called.reply.tool_calls?.[0]?.id;
    assert.ok(callId);
    await chat({
      conversationId: toolConversation,
      toolResults: [{ toolCallId: callId, output: '{"status":"in transit","carrier":"PostNord"}' }],
    });

    const client = adminClient(server);
    await client.addUser(accountId, 'owner@harbour.example');
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => browserErrors.push(error.message));
    await page.goto(`${server.baseUrl}/console/`);
    await page.getByLabel('Email').fill('owner@harbour.example');
    await page.getByRole('textbox', { name: 'Password' }).fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/console/a/${accountId}/overview`);
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await model?.close();
    assert.deepEqual(browserErrors, [], 'no script error in the console');
  });

  test('source viewer: the PDF’s extracted text with page numbers, and its chunks page by page', async () => {
    await page.goto(agentUrl('knowledge'));
    await page.getByRole('button', { name: 'View lighthouses.pdf' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('source-text').getByText('Lighthouses and the Lenses That Made Them Shine').waitFor();
    assert.ok((await dialog.getByText('Page 1', { exact: true }).count()) > 0);
    await screenshot(page, 'insights-01-source-text');

    await dialog.getByRole('tab', { name: 'Chunks' }).click();
    await dialog.getByTestId('source-chunk').first().waitFor();
    const firstPage = await dialog.getByTestId('source-chunk').allTextContents();
    assert.ok(firstPage[0]?.startsWith('Chunk 1'));
    assert.equal(firstPage.length, 5, 'five chunks a page');
    await dialog.getByText('Page 1 of 2').waitFor();
    await dialog.getByRole('button', { name: 'next page' }).click();
    await dialog.getByText('Chunk 6', { exact: true }).waitFor();
    assert.equal(await dialog.getByText('Chunk 1', { exact: true }).count(), 0);
    assert.ok((await dialog.getByText(/^Page [23]$/).count()) > 0, 'later chunks are on later PDF pages');
    await screenshot(page, 'insights-02-source-chunks');
    await page.keyboard.press('Escape');
  });

  test('insights: paraphrases are one row, answered with one Q&A; a reply rated down shows its comment', async () => {
    await page.goto(agentUrl('insights'));
    const unanswered = page.getByTestId('insights-unanswered');
    await unanswered.waitFor();
    const rows = unanswered.getByTestId('question-group');
    const texts = await rows.allTextContents();
    assert.equal(texts.filter((text) => /password/.test(text)).length, 1, 'three wordings, one row');
    assert.match(texts.find((text) => /password/.test(text)) ?? '', /3×/);
    assert.equal(texts.filter((text) => /cancel/.test(text)).length, 1, 'two wordings, one row');
    assert.match(texts.find((text) => /cancel/.test(text)) ?? '', /2×/);
    assert.match(texts[0] ?? '', /password/, 'the most asked first');
    await page.getByTestId('downvoted-reply').getByText('“It does not name the inventor”').waitFor();
    await page.getByTestId('downvoted-reply').getByText('Who invented the Fresnel lens?').waitFor();
    await assertNoOverflow(page);
    await screenshot(page, 'insights-03-insights');

    await unanswered.getByRole('button', { name: /^Add answer: .*password/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Answer')
      .fill('Choose “Forgot password” on the sign-in page: a reset link is sent to your email.');
    await screenshot(page, 'insights-04-add-answer');
    await dialog.getByRole('button', { name: 'Add answer' }).click();
    await page.getByText('Added a Q&A covering 3 questions.').waitFor();
    await unanswered
      .getByText(/password/)
      .first()
      .waitFor({ state: 'detached' });
    assert.equal(await unanswered.getByTestId('question-group').count(), texts.length - 1);
    const qa = (await server.deps.store.sources.list(accountId, agent.id, { type: 'qa' }, { page: 1, size: 10 })).items;
    assert.deepEqual(
      qa.map((source) => source.title),
      [PASSWORD[0]],
    );
    await screenshot(page, 'insights-05-answered');

    // The export buttons download the period's conversations.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    assert.ok(href);
    const csv = (await page.evaluate(async (url) => (await fetch(url)).text(), href)) as string;
    assert.ok(csv.startsWith('conversation_id,user_id,'));
    assert.ok(csv.includes('Where is order B-42?'));
    const jsonlHref = (await page.getByRole('link', { name: 'Export JSONL' }).getAttribute('href')) ?? '';
    const jsonl = (await page.evaluate(async (url) => (await fetch(url)).text(), jsonlHref)) as string;
    assert.equal(jsonl.trim().split('\n').length, 7, 'one line per conversation');

    // On a phone's width the tab fits: tables scroll inside their boxes, not the page.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await page.context().storageState(),
    });
    const small = await phone.newPage();
    await small.goto(agentUrl('insights'));
    await small.getByTestId('insights-unanswered').waitFor();
    await assertNoOverflow(small);
    await screenshot(small, 'insights-05b-phone');
    await phone.close();
  });

  test('conversation view: a tool call shows the output the client returned', async () => {
    await page.goto(`${agentUrl('conversations')}?conversation=${toolConversation}`);
    const output = page.getByTestId('tool-output');
    await output.waitFor();
    assert.match((await output.textContent()) ?? '', /"carrier": "PostNord"/);
    await screenshot(page, 'insights-06-tool-output');
  });

  test('playground: a pending tool call survives a reload and is then answered', async () => {
    await page.goto(agentUrl('playground'));
    model.enqueue(
      { toolCalls: [{ name: 'lookup_order', arguments: '{"orderNumber":"C-7"}' }] },
      { content: ['Order C-7 was delivered.'] },
    );
    await page.getByLabel('Message').fill('Where is my order C-7?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByLabel('Result for lookup_order').waitFor();
    await page.reload();
    await page.getByRole('log').getByText('Where is my order C-7?').waitFor();
    await page.getByLabel('Result for lookup_order').fill('{"status":"delivered"}');
    await screenshot(page, 'insights-07-playground-after-reload');
    await page.getByRole('button', { name: 'Send results' }).click();
    await page.getByRole('log').getByText('Order C-7 was delivered.').waitFor();
    const lastRequest = model.requests.at(-1)?.body as { messages: Array<{ role: string; content: unknown }> };
    assert.ok(
      lastRequest.messages.some((message) => message.role === 'tool' && String(message.content).includes('delivered')),
    );
  });
});
