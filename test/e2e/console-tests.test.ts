// The console's Tests tab in headless Chromium: an agent with a run that failed, the owner adds a
// question with its expected source, presses "Run now", and sees each question's result (passed,
// rank, score, top sources) and the pass rate of both runs on the chart. Then: a run compared with
// a second embedding model ("Compare with…"), a run after a knowledge change marked on the chart,
// questions imported from and exported to a file, and an unanswered question made a test question
// from the insights. Screenshots go to .tmp/screenshots/, as the other console tests do.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { adminClient, TEST_PASSWORD } from '../support/admin-client.ts';
import {
  startScriptedEmbeddingsServer,
  EMBEDDING_DIMENSION,
  type ScriptedEmbeddingsServer,
} from '../support/scripted-embeddings-server.ts';
import { runHeld } from '../../src/domain/evaluations/start-test-run.ts';

const COMPARED = 'bag-of-words-64';

const SOURCES = [
  {
    title: 'Opening hours',
    content:
      'The bakery opens at seven in the morning and closes at six in the evening, Monday to Saturday. On Sundays the shop stays closed.',
  },
  {
    title: 'Wedding cakes',
    content:
      'Wedding cakes are ordered at least six weeks ahead; a tasting appointment with the pastry chef costs twenty euros.',
  },
];

describe('console: the Tests tab', () => {
  let server: TestServer;
  let embeddings: ScriptedEmbeddingsServer;
  let key = '';
  let browser: Browser;
  let page: Page;
  let accountId = '';
  let agentId = '';
  const browserErrors: string[] = [];

  before(async () => {
    embeddings = await startScriptedEmbeddingsServer();
    server = await startTestServer({
      configFile: {
        ...UNLIMITED_RATE,
        moderation: { provider: 'none' },
        evaluations: {
          compareEmbeddings: [
            { provider: 'openai', baseUrl: embeddings.baseUrl(), model: COMPARED, dimension: EMBEDDING_DIMENSION },
          ],
        },
      },
    });
    const { account, ctx } = await server.seedAccount('pro', 100);
    accountId = account.id;
    agentId = (await server.seedAgent(ctx, 'Bakery helper')).id;
    key = await server.seedKey(account.id);
    const ids: string[] = [];
    for (const source of SOURCES) {
      const added = await server.call('POST', `/agents/${agentId}/sources/text`, { key, body: source });
      assert.equal(added.status, 200, added.text);
      ids.push(added.body.source.id);
    }
    // A question that expects the wrong source, and a run it fails: the chart's first point.
    const question = await server.call('POST', `/agents/${agentId}/test-questions`, {
      key,
      body: { question: 'How far ahead must a wedding cake be ordered?', expectedSourceIds: [ids[0]], k: 1 },
    });
    assert.equal(question.status, 200, question.text);
    const run = await server.call('POST', `/agents/${agentId}/test-runs`, { key });
    assert.equal(run.status, 200, run.text);
    assert.equal(run.body.run.passRate, 0);
    await adminClient(server).addUser(account.id, 'owner@bakery.example');
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (error) => browserErrors.push(error.message));
  });

  after(async () => {
    await browser?.close();
    await server?.close();
    await embeddings?.close();
  });

  test('add a question, Run now: the results show passed and failed with rank, score and top sources, and the chart both runs', async () => {
    await page.goto(`${server.baseUrl}/console/`);
    await page.getByLabel('Email').fill('owner@bakery.example');
    await page.getByRole('textbox', { name: 'Password' }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**/console/a/${accountId}/overview`);
    await page.goto(`${server.baseUrl}/console/a/${accountId}/agents/${agentId}/tests`);
    await page.getByRole('tab', { name: 'Tests', selected: true }).waitFor();
    await page.getByText('0% passed', { exact: true }).waitFor();
    await page.getByText('One run so far: 0% passed.').waitFor();

    await page.getByRole('textbox', { name: 'Question' }).fill('When does the bakery open on Saturday?');
    await page.getByLabel('Expected sources').click();
    await page.getByRole('option', { name: 'Opening hours' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByText('Added the test question.').waitFor();
    await page.getByRole('cell', { name: 'When does the bakery open on Saturday?', exact: true }).waitFor();
    await page.getByText('Opening hours in the top 3').waitFor();

    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('50% passed', { exact: true }).waitFor();
    const latest = page.getByTestId('latest-run');
    const rows = latest.getByRole('row');
    const opening = rows.filter({ hasText: 'When does the bakery open on Saturday?' });
    const wedding = rows.filter({ hasText: 'How far ahead must a wedding cake be ordered?' });
    assert.match((await opening.textContent()) ?? '', /Passed\s*1\s*0\.\d\d1\. Opening hours \(0\.\d\d\)/);
    assert.match((await wedding.textContent()) ?? '', /Failed.*1\. Wedding cakes/);
    await page.getByText('2 runs: from 0% to 50% passed.').waitFor();
    const chart = page.getByTestId('pass-rate-chart');
    assert.equal(await chart.locator('.recharts-line-dot').count(), 2, 'a point a run');

    await page.getByRole('button', { name: 'Delete the question When does the bakery open on Saturday?' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted the test question.').waitFor();
    // Gone from the questions; the run keeps its result.
    await page
      .getByRole('button', { name: 'Delete the question When does the bakery open on Saturday?' })
      .waitFor({ state: 'detached' });
    await opening.waitFor();
    const shot = await screenshot(page, 'tests-01-tests-tab');
    assert.ok(statSync(shot).size > 10_000, 'the screenshot holds the page');

    const owner = adminClient(server).as(await adminClient(server).signIn('owner@bakery.example'));
    const questions = await owner('GET', `/accounts/${accountId}/agents/${agentId}/test-questions`);
    assert.equal(questions.status, 200);
    assert.deepEqual(
      questions.body.testQuestions.map((q: { question: string }) => q.question),
      ['How far ahead must a wedding cake be ordered?'],
    );
    assert.deepEqual(browserErrors, []);
  });

  test('Compare with… a second model: both pass rates; a run after a knowledge change is marked on the chart', async () => {
    const agent = await server.deps.store.agents.get(accountId, agentId);
    assert.ok(agent);
    await runHeld(server.deps, agent, 'knowledge-change');
    await page.reload();
    await page.getByText('One run after a knowledge change, marked on the chart.', { exact: false }).waitFor();
    const chart = page.getByTestId('pass-rate-chart');
    await chart.locator('.recharts-reference-line').first().waitFor({ state: 'attached' });
    assert.equal(await chart.locator('.recharts-reference-line').count(), 1, 'one reference line');

    await page.getByRole('combobox', { name: 'Compare with…' }).click();
    await page.getByRole('option', { name: COMPARED }).click();
    await page.getByRole('button', { name: 'Run now' }).click();
    const comparison = page.getByTestId('comparison');
    await comparison.waitFor();
    assert.match(
      (await comparison.textContent()) ?? '',
      new RegExp(`^With ${COMPARED}: \\d+% passed \\(\\d passed · \\d failed\\)$`),
    );
    await chart.getByText('Compared model').waitFor();
    await screenshot(page, 'tests-02-compared');
    assert.deepEqual(browserErrors, []);
  });

  test('import a JSONL file of questions, export them as CSV', async () => {
    const sources = await server.call('GET', `/agents/${agentId}/sources`, { key });
    const opening = sources.body.sources.find((source: { title: string }) => source.title === 'Opening hours')
      .id as string;
    const file = `${JSON.stringify({ question: 'Is the bakery open on Sunday?', expectedSourceIds: [opening] })}\n${JSON.stringify({ question: 'What is the torque of a tractor engine?', expectNothing: true })}\n`;
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'questions.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(file) });
    await page.getByText('Imported 2 test questions.').waitFor();
    await page.getByRole('cell', { name: 'Is the bakery open on Sunday?', exact: true }).waitFor();

    // A bad line imports nothing and the error names it.
    await page.locator('input[type=file]').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('question,expectedSourceIds,expectNothing,k\nWhere?,src_unknown,false,3\n'),
    });
    await page
      .getByRole('alert')
      .filter({ hasText: 'Nothing was imported' })
      .getByText('question 1: expectedSourceIds: unknown source: src_unknown')
      .waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const text = readFileSync((await download.path()) as string, 'utf8');
    assert.ok(text.startsWith('question,expectedSourceIds,expectNothing,k\r\n'), text);
    assert.ok(text.includes(`Is the bakery open on Sunday?,${opening},false,3\r\n`), text);
    assert.ok(text.includes('What is the torque of a tractor engine?,,true,3\r\n'), text);
    assert.deepEqual(browserErrors, []);
  });

  test('an unanswered question becomes a test question from the insights, with the source the owner picks', async () => {
    const unanswered = 'Can I bring my dog into the shop?';
    const search = await server.call('POST', `/agents/${agentId}/search`, { key, body: { query: unanswered } });
    assert.equal(search.status, 200, search.text);
    await page.goto(`${server.baseUrl}/console/a/${accountId}/agents/${agentId}/insights`);
    await page.getByRole('button', { name: `Make a test question: ${unanswered}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a test question' });
    assert.equal(await dialog.getByRole('textbox', { name: 'Question' }).inputValue(), unanswered);
    await dialog.getByLabel('Expected sources').click();
    await page.getByRole('option', { name: 'Opening hours' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await page.getByText('Added the test question.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'tests-03-from-insights');

    const owner = adminClient(server).as(await adminClient(server).signIn('owner@bakery.example'));
    const questions = await owner('GET', `/accounts/${accountId}/agents/${agentId}/test-questions`);
    const made = questions.body.testQuestions.find((q: { question: string }) => q.question === unanswered);
    assert.ok(made, 'the question was added');
    const sources = await server.call('GET', `/agents/${agentId}/sources`, { key });
    const opening = sources.body.sources.find((source: { title: string }) => source.title === 'Opening hours')
      .id as string;
    assert.deepEqual(made.expectedSourceIds, [opening]);
    assert.deepEqual(browserErrors, []);
  });
});
