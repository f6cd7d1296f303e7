// Handing over end to end on a cluster, in headless Chromium: two Colloquy nodes behind nginx
// (deploy/nginx.conf) on one PostgreSQL. A visitor on a page of another origin asks for a person in
// the widget and writes; a member signed in to the console finds the conversation in the Inbox
// without reloading, takes it and replies; the visitor sees "A person has joined" and the reply
// without reloading, carried from the node that stored it to the node holding the visitor's stream;
// the visitor's next message shows in the console; Resolve gives it back to the agent.
// Runs in the PostgreSQL pass only, like the cluster test.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { buildConsoleIfStale } from '../../console/build.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { postgresAdminUrl, TEST_BACKEND } from '../support/backend.ts';
import { runCli } from '../support/processes.ts';
import { startScriptedEmbeddingsServer, type ScriptedEmbeddingsServer } from '../support/scripted-embeddings-server.ts';
import { nginxMissing, startNginx, type PrivateNginx } from '../support/nginx.ts';
import { createCluster, type Cluster } from '../support/cluster.ts';
import { WITH_PEOPLE_NOTICE } from '../../src/domain/handoff/hold-for-people.ts';

const PASSWORD = 'a long enough password';
/** Test-only: which node answered (the deploy config has no such header). */
const UPSTREAM = 'x-colloquy-upstream';
const skip =
  TEST_BACKEND !== 'postgres'
    ? 'runs in the PostgreSQL pass (COLLOQUY_TEST_BACKEND=postgres)'
    : !postgresAdminUrl()
      ? 'needs TEST_DATABASE_URL'
      : nginxMissing();

describe('handoff across two nodes behind nginx, widget and console in Chromium', { skip: skip ?? false }, () => {
  let embeddings: ScriptedEmbeddingsServer;
  let cluster: Cluster;
  let nginx: PrivateNginx;
  let browser: Browser;
  let host: Server;
  let origin = '';
  let email = '';
  let publishable = '';
  const pageErrors: string[] = [];

  before(async () => {
    embeddings = await startScriptedEmbeddingsServer();
    [, cluster] = await Promise.all([
      buildConsoleIfStale(),
      createCluster({
        postgresUrl: postgresAdminUrl() as string,
        redisUrl: process.env.TEST_REDIS_URL ?? '',
        embeddings,
      }),
    ]);
    host = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tidewater marina</title></head><body><main><h1>Tidewater marina</h1></main>
<script src="${nginx.url}/widget.js" data-agent="${cluster.business.agentId}" data-key="${publishable}" async></script></body></html>`);
    });
    host.listen(0, '127.0.0.1');
    await once(host, 'listening');
    origin = `http://localhost:${(host.address() as { port: number }).port}`;
    const { accountId, agentId } = cluster.business;
    email = `grace-${accountId}@example.com`.toLowerCase();
    const dir = mkdtempSync(join(tmpdir(), 'colloquy-handoff-'));
    writeFileSync(join(dir, 'pw.txt'), `${PASSWORD}\n`);
    const cli = (...args: string[]) => runCli(args, cluster.env);
    // One node after another: two starting at once on a busy machine can pass the start time-out.
    const startNodes = async () => {
      for (let i = 0; i < 2; i += 1) await cluster.start(1);
    };
    const [named, key, user] = await Promise.all([
      cli('agents', 'update', agentId, '--name', 'Harbour desk'),
      cli('keys', 'create', '--account', accountId, '--name', 'marina site', '--agents', agentId, '--origins', origin),
      cli('users', 'create', '--account', accountId, '--email', email, '--password-file', join(dir, 'pw.txt')),
      startNodes(),
    ]);
    rmSync(dir, { recursive: true, force: true });
    for (const done of [named, key, user]) assert.equal(done.code, 0, done.stderr);
    publishable = key.json.key;
    nginx = await startNginx(cluster.addresses(), [`add_header X-Colloquy-Upstream $upstream_addr always;`]);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    host?.close();
    await nginx?.stop();
    await cluster?.stop();
    await embeddings?.close();
  });

  /** The node behind each of the page's requests whose URL contains `part`, in order. */
  function upstreams(page: Page, part: string): string[] {
    const seen: string[] = [];
    page.on('response', (response: Response) => {
      if (!response.url().includes(part)) return;
      void response.allHeaders().then((headers) => headers[UPSTREAM] && seen.push(headers[UPSTREAM]));
    });
    return seen;
  }

  test('a visitor asks for a person, a member replies in the console inbox, the visitor sees it live', async () => {
    // The member has the Inbox open before anyone asks: the conversation arrives without a reload.
    const member = await (await browser.newContext()).newPage();
    member.setDefaultTimeout(20_000);
    member.on('pageerror', (error) => pageErrors.push(`console: ${error.message}`));
    const replyNodes = upstreams(member, '/messages');
    await member.goto(`${nginx.url}/console/`);
    await member.getByLabel('Email').fill(email);
    await member.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await member.getByRole('button', { name: 'Sign in' }).click();
    await member.getByRole('link', { name: 'Inbox' }).click();
    await member.getByText('No one is waiting').waitFor();

    const visitor = await (await browser.newContext()).newPage();
    visitor.setDefaultTimeout(20_000);
    visitor.on('pageerror', (error) => pageErrors.push(`visitor: ${error.message}`));
    const streamNodes = upstreams(visitor, '/widget/conversation/stream');
    await visitor.goto(`${origin}/`);
    await visitor.getByRole('button', { name: /^Chat/ }).click();
    await visitor.getByRole('dialog', { name: 'Harbour desk' }).waitFor();
    const log = visitor.getByRole('log', { name: 'Conversation' });
    await visitor.getByRole('button', { name: 'More options' }).click();
    await visitor.getByRole('menuitem', { name: 'Talk to a person' }).click();
    await log.getByText('A person will join soon.').waitFor();
    const box = visitor.getByRole('textbox', { name: 'Your message' });
    await box.fill('My mooring line snapped.');
    await box.press('Enter');
    await log.getByText(WITH_PEOPLE_NOTICE).waitFor();

    const inbox = member.getByRole('list', { name: 'Conversations waiting for a person' });
    await inbox.getByText('My mooring line snapped.').waitFor();
    await inbox.getByLabel('1 unread').waitFor();
    await inbox
      .getByRole('button', { name: /^Open the conversation/ })
      .first()
      .click();
    const region = member.getByRole('region', { name: 'Conversation with a person' });
    assert.equal(await member.evaluate('performance.getEntriesByType("navigation").length'), 1, 'never reloaded');
    await region.getByRole('log', { name: 'Transcript' }).getByText('My mooring line snapped.').waitFor();
    await region.getByRole('button', { name: 'Assign to me' }).click();
    await region.getByText(`Assigned to ${email}`).waitFor();
    await region.getByLabel('Your name, as the visitor sees it').fill('Grace');

    // Reply until one is stored by a node other than the one holding the visitor's stream (nginx
    // takes turns between the nodes, so one of the first few does); each reaches the visitor live.
    await log.getByText('A person will join soon.').waitFor();
    let crossed = false;
    for (let attempt = 1; attempt <= 10 && !crossed; attempt += 1) {
      const text = `Grace from the harbour office here (${attempt}). We are on our way.`;
      await region.getByRole('textbox', { name: 'Reply' }).fill(text);
      await region.getByRole('button', { name: 'Send' }).click();
      await log.getByText(text).waitFor();
      if (attempt === 1) await log.getByText('A person has joined: Grace').waitFor();
      await waitFor(() => replyNodes.length >= attempt && streamNodes.length > 0);
      crossed = replyNodes[attempt - 1] !== streamNodes.at(-1);
      if (!crossed) await new Promise((resolve) => setTimeout(resolve, 700));
    }
    assert.ok(crossed, `a reply stored on another node than the stream's: ${replyNodes} vs ${streamNodes}`);
    assert.equal(new Set([...replyNodes, ...streamNodes]).size, 2, 'both nodes served');
    assert.equal(await visitor.evaluate('performance.getEntriesByType("navigation").length'), 1, 'never reloaded');
    await screenshot(visitor, 'handoff-cluster-visitor');

    await box.fill('Thank you, I will wait at pier 4.');
    await box.press('Enter');
    await region.getByRole('log', { name: 'Transcript' }).getByText('Thank you, I will wait at pier 4.').waitFor();
    await screenshot(member, 'handoff-cluster-console');

    await region.getByRole('button', { name: 'Resolve' }).click();
    await log.getByText('You are back with the assistant.').waitFor();
    await member.getByText('No one is waiting').waitFor();
    assert.deepEqual(pageErrors, []);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
