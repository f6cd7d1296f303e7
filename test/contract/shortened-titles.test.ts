import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';

// Titles the service shortens (a conversation's, a file's name, a crawled page's) are cut before an
// emoji rather than through it: half a surrogate pair would be sent as a lone `\ud83d` and stored as U+FFFD.
const EMOJI = '\u{1F600}';
const LONE_SURROGATE = /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|\uFFFD/i;

describe('shortened titles keep whole characters', () => {
  let server: TestServer;
  let site: Server;
  let origin: string;
  before(async () => {
    site = createServer((request, response) => {
      if (request.url !== '/') return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<html><head><title>${'T'.repeat(499)}${EMOJI}${EMOJI}</title></head><body><article><p>Coral reefs shelter a quarter of all marine species, though they cover less than one percent of the ocean floor.</p></article></body></html>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    server = await startTestServer({
      configFile: { ...UNLIMITED_RATE, network: { allowPrivateAddresses: false, allowedAddresses: ['127.0.0.1/32'] } },
    });
  });
  after(async () => {
    await server.close();
    await new Promise((resolve) => site.close(resolve));
  });

  async function setup() {
    const { account, ctx } = await server.seedAccount('starter');
    const agent = await server.seedAgent(ctx);
    return { agent, key: await server.seedKey(account.id) };
  }

  test('a conversation titled from a long first message ends before the emoji the cut falls in', async () => {
    const { agent, key } = await setup();
    const chat = await server.call('POST', `/agents/${agent.id}/chat`, {
      key,
      body: { message: `${'a'.repeat(78)}${EMOJI.repeat(5)}`, userId: 'reader' },
    });
    assert.equal(chat.status, 200, chat.text);
    const listed = await server.call('GET', `/agents/${agent.id}/conversations`, { key });
    assert.equal(listed.status, 200);
    assert.equal(listed.body.conversations[0].title, `${'a'.repeat(78)}…`);
    assert.doesNotMatch(listed.text, LONE_SURROGATE);
  });

  test('a file name over 255 characters keeps whole characters, in the answer and in the list', async () => {
    const { agent, key } = await setup();
    const form = new FormData();
    const name = `${'a'.repeat(254)}${EMOJI}.txt`;
    form.append('file', new Blob(['Walruses and seals rest on the ice floes of the Arctic in summer.']), name);
    const response = await fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/sources/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    const text = await response.text();
    assert.equal(response.status, 200, text);
    assert.equal(JSON.parse(text).source.title, 'a'.repeat(254));
    assert.doesNotMatch(text, LONE_SURROGATE);
    const listed = await server.call('GET', `/agents/${agent.id}/sources`, { key });
    assert.equal(listed.body.sources[0].title, 'a'.repeat(254));
    assert.doesNotMatch(listed.text, LONE_SURROGATE);
  });

  test('a crawled page whose title passes 500 characters keeps whole characters, in the answer and in the list', async () => {
    const { agent, key } = await setup();
    const crawl = await server.call('POST', `/agents/${agent.id}/sources/website`, {
      key,
      body: { url: `${origin}/` },
    });
    assert.equal(crawl.status, 200, crawl.text);
    assert.equal(crawl.body.added[0].title, 'T'.repeat(499));
    assert.doesNotMatch(crawl.text, LONE_SURROGATE);
    const listed = await server.call('GET', `/agents/${agent.id}/sources`, { key });
    assert.equal(listed.body.sources[0].title, 'T'.repeat(499));
    assert.doesNotMatch(listed.text, LONE_SURROGATE);
  });
});
