// How JSON request bodies are read, as a client library sends them: the framing (Content-Type on
// a request with no body, Content-Encoding) and the bytes themselves, before any schema applies.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type ApiResponse, type TestServer } from '../support/test-server.ts';

describe('request bodies', () => {
  let server: TestServer;
  let key: string;
  let agentId: string;
  before(async () => {
    server = await startTestServer({ configFile: UNLIMITED_RATE });
    const { account, ctx } = await server.seedAccount('pro', 100);
    agentId = (await server.seedAgent(ctx)).id;
    key = await server.seedKey(account.id);
  });
  after(() => server.close());

  const JSON_TYPE = { 'content-type': 'application/json' };

  test('Content-Type: application/json with no body is fine on an operation that takes no body', async () => {
    // Many client libraries set the header on every request, DELETE and body-less POSTs included.
    const cases: Array<[string, string, number, string | undefined]> = [
      ['DELETE', `/agents/${agentId}/sources/src_missing`, 404, 'SOURCE_NOT_FOUND'],
      ['DELETE', `/agents/${agentId}/conversations/nobody`, 404, 'CONVERSATION_NOT_FOUND'],
      ['DELETE', `/agents/${agentId}/conversations/nobody/messages/msg_missing`, 404, 'CONVERSATION_NOT_FOUND'],
      ['POST', `/agents/${agentId}/conversations/nobody/tool/cancel/call_missing`, 404, 'CONVERSATION_NOT_FOUND'],
      // A body that is optional may be left out with the header too.
      ['POST', `/agents/${agentId}/test-runs`, 200, undefined],
      ['POST', `/agents/${agentId}/conversations/nobody/handoff`, 404, 'CONVERSATION_NOT_FOUND'],
    ];
    for (const [method, path, status, code] of cases) {
      for (const rawBody of [undefined, '']) {
        const response = await server.call(method, path, { key, rawBody, headers: JSON_TYPE });
        assert.equal(response.status, status, `${method} ${path}: ${response.text}`);
        assert.equal(response.body.error?.code, code, `${method} ${path}`);
      }
    }
  });

  test('an optional body that is sent must be an object: JSON null is not read as no body', async () => {
    for (const path of [`/agents/${agentId}/test-runs`, `/agents/${agentId}/conversations/nobody/handoff`]) {
      for (const rawBody of ['null', '[]']) {
        const response = await server.call('POST', path, { key, rawBody, headers: JSON_TYPE });
        assert.deepEqual(
          [response.status, response.body.error?.list],
          [400, { body: ['must be an object'] }],
          `${path} ${rawBody}`,
        );
      }
    }
  });

  test('an empty body is still refused where a body is required', async () => {
    const response = await server.call('POST', `/agents/${agentId}/search`, { key, rawBody: '', headers: JSON_TYPE });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, {
      success: false,
      error: { code: 'INVALID_BODY', message: 'The JSON body is empty.', list: { body: ['must be a JSON object'] } },
    });
  });

  test('a JSON body on an operation that takes none → 400 INVALID_BODY naming its fields, nothing done', async () => {
    // `{"cascade": true}` in the body of a message delete, read as nothing, deleted one message
    // where the client meant every later one too: a body the operation does not read is refused.
    for (const message of ['First question', 'Second question']) {
      const chat = await server.call('POST', `/agents/${agentId}/chat`, {
        key,
        body: { message, userId: 'body-user' },
      });
      assert.equal(chat.status, 200, chat.text);
    }
    const messages = `/agents/${agentId}/conversations/body-user/messages`;
    const oldest = (await server.call('GET', messages, { key })).body.messages.at(-1).id;
    const refused = await server.call('DELETE', `${messages}/${oldest}`, { key, body: { cascade: true } });
    assert.equal(refused.status, 400, refused.text);
    assert.deepEqual(refused.body, {
      success: false,
      error: {
        code: 'INVALID_BODY',
        message: 'This operation takes no body.',
        list: { cascade: ['is not an accepted field'] },
      },
    });
    assert.equal((await server.call('GET', messages, { key })).body.pagination.totalMessages, 4, 'nothing deleted');
    const cancel = await server.call('POST', `/agents/${agentId}/conversations/body-user/tool/cancel/call_x`, {
      key,
      body: { reason: 'not needed' },
    });
    assert.deepEqual([cancel.status, cancel.body.error.list], [400, { reason: ['is not an accepted field'] }]);
    for (const rawBody of ['[]', '"cascade"', 'true', '1', 'null']) {
      const response = await server.call('DELETE', `${messages}/${oldest}`, { key, rawBody, headers: JSON_TYPE });
      assert.deepEqual(
        [response.status, response.body.error.list],
        [400, { body: ['must be empty: this operation takes no body'] }],
        rawBody,
      );
    }
    // An empty object names nothing: answered as usual, as is no body at all.
    const empty = await server.call('DELETE', `${messages}/${oldest}?cascade=true`, { key, body: {} });
    assert.deepEqual([empty.status, empty.body], [200, { success: true, deletedMessages: { count: 4 } }]);
  });

  test('a body nested deeper than 64 levels → 400 INVALID_BODY before any schema, never a 500', async () => {
    // 10,000 levels used to overflow the stack of the text checks that walk every body: a 500.
    const nested = (depth: number) => `{"query":"hours","deep":${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}}`;
    const deep = await server.call('POST', `/agents/${agentId}/search`, {
      key,
      rawBody: nested(10_000),
      headers: JSON_TYPE,
    });
    assert.equal(deep.status, 400, deep.text);
    assert.deepEqual(deep.body, {
      success: false,
      error: {
        code: 'INVALID_BODY',
        message: 'The body is nested too deeply: at most 64 levels of objects and arrays.',
        list: { body: ['must not nest objects and arrays more than 64 levels deep'] },
      },
    });
    const over = await server.call('POST', `/agents/${agentId}/search`, {
      key,
      rawBody: nested(65),
      headers: JSON_TYPE,
    });
    assert.deepEqual(over.body.error.list, { body: ['must not nest objects and arrays more than 64 levels deep'] });
    // 64 levels are read, then judged by the schema like any body; brackets inside strings do not count.
    const limit = await server.call('POST', `/agents/${agentId}/search`, {
      key,
      rawBody: nested(64),
      headers: JSON_TYPE,
    });
    assert.deepEqual(limit.body.error.list, { deep: ['is not an accepted field'] });
    const text = await server.call('POST', `/agents/${agentId}/search`, { key, body: { query: '['.repeat(500) } });
    assert.equal(text.status, 200, text.text);
    // The OpenAI-compatible door reads bodies the same way, and answers in its own shape.
    const door = await server.call('POST', '/openai/chat/completions', {
      key,
      rawBody: `{"model":"${agentId}","messages":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
      headers: JSON_TYPE,
    });
    assert.equal(door.status, 400, door.text);
    assert.equal(door.body.error.code, 'INVALID_BODY');
  });

  const post = (path: string, body: Uint8Array | string | FormData, headers: Record<string, string> = JSON_TYPE) =>
    fetch(`${server.baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, ...headers },
      body,
    }).then(async (response): Promise<Pick<ApiResponse, 'status' | 'body'>> => ({
      status: response.status,
      body: await response.json(),
    }));

  test('a body that is not valid UTF-8 → 400 INVALID_BODY, nothing stored', async () => {
    const utf8 = (text: string) => Buffer.from(text, 'utf8');
    // A Latin-1 "é" (0xE9), then a UTF-8 sequence cut short (0xC3 without its second byte).
    const body = Buffer.concat([
      utf8('{"title":"Caf'),
      Buffer.from([0xe9]),
      utf8('","content":"a '),
      Buffer.from([0xc3]),
      utf8('( b"}'),
    ]);
    const response = await post(`/agents/${agentId}/sources/text`, body);
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, {
      success: false,
      error: { code: 'INVALID_BODY', message: 'The body is not valid UTF-8.', list: { body: ['must be UTF-8 text'] } },
    });
    const sources = await server.call('GET', `/agents/${agentId}/sources`, { key });
    assert.equal(sources.body.pagination.totalSources, 0);
    // A byte-order mark before the JSON is UTF-8 all the same.
    const withBom = await post(
      `/agents/${agentId}/search`,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('{"query":"café"}')]),
    );
    assert.equal(withBom.status, 200);
  });

  test('__proto__ and constructor.prototype are refused as such, not as "not valid JSON"', async () => {
    const proto = await post(`/agents/${agentId}/search`, '{"query":"hours","__proto__":{"admin":true}}');
    assert.equal(proto.status, 400);
    assert.deepEqual(proto.body, {
      success: false,
      error: {
        code: 'INVALID_BODY',
        message: 'The body has a field named "__proto__", which is never accepted.',
        list: { body: ['must not have a field named "__proto__"'] },
      },
    });
    const nested = await post(`/agents/${agentId}/search`, '{"query":"hours","constructor":{"prototype":{"x":1}}}');
    assert.equal(nested.status, 400);
    assert.deepEqual(nested.body.error.list, { body: ['must not have a "constructor" field holding "prototype"'] });
    // Broken JSON is still said to be broken JSON.
    const broken = await post(`/agents/${agentId}/search`, '{"query":');
    assert.equal(broken.body.error.message, 'The body is not valid JSON.');
  });

  test('a compressed body (Content-Encoding) → 400 INVALID_BODY naming the coding, whatever the bytes are', async () => {
    const { gzipSync } = await import('node:zlib');
    const refused = (coding: string) => ({
      success: false,
      error: {
        code: 'INVALID_BODY',
        message: `Content-Encoding ${coding} is not supported: send the body uncompressed.`,
        list: { body: ['must not be compressed'] },
      },
    });
    const path = `/agents/${agentId}/search`;
    // Plain JSON labelled gzip is not read as plain JSON, and real gzip is not mistaken for broken JSON.
    for (const body of ['{"query":"hours"}', gzipSync('{"query":"hours"}')]) {
      const response = await post(path, body, { ...JSON_TYPE, 'content-encoding': 'gzip' });
      assert.deepEqual([response.status, response.body], [400, refused('gzip')]);
    }
    const brotli = await post(path, '{"query":"hours"}', { ...JSON_TYPE, 'content-encoding': 'br' });
    assert.deepEqual(brotli.body, refused('br'));
    const upload = new FormData();
    upload.append('file', new Blob(['Tides at noon.']), 'tides.txt');
    const file = await post(`/agents/${agentId}/sources/files`, upload, { 'content-encoding': 'gzip' });
    assert.deepEqual([file.status, file.body], [400, refused('gzip')]);
    // `identity` is no coding at all; a request without a body has nothing to decode.
    const identity = await post(path, '{"query":"hours"}', { ...JSON_TYPE, 'content-encoding': 'identity' });
    assert.equal(identity.status, 200);
    const list = await server.call('GET', `/agents/${agentId}/sources`, {
      key,
      headers: { 'content-encoding': 'gzip' },
    });
    assert.equal(list.status, 200);
    // The key is checked first, as for any other bad body.
    const anonymous = await server.call('POST', path, {
      body: { query: 'x' },
      headers: { 'content-encoding': 'gzip' },
    });
    assert.equal(anonymous.status, 401);
  });

  test('a string with a lone surrogate (\\ud800) → 400 INVALID_BODY naming the field, not stored as U+FFFD', async () => {
    // Valid JSON and valid UTF-8 bytes, but not Unicode text: it could only be stored changed.
    const text = await post(`/agents/${agentId}/sources/text`, '{"title":"Lone \\ud800 half","content":"ok \\udfff"}');
    assert.equal(text.status, 400);
    assert.deepEqual(text.body.error.list, {
      title: ['must be valid Unicode text (no unpaired surrogate such as \\ud800)'],
      content: ['must be valid Unicode text (no unpaired surrogate such as \\ud800)'],
    });
    // A pair is one character, as always.
    const pair = await post(`/agents/${agentId}/search`, '{"query":"emoji \\ud83c\\udf89"}');
    assert.equal(pair.status, 200);
  });
});
