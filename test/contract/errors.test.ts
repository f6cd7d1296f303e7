// SPEC §7: both shapes, the framework's own failures in the spec's terms, and a 500 that says nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { STATUS_BY_CODE } from '../../src/http/error-table.ts';
import { SPEC_ERROR_CODES } from '../../src/domain/errors.ts';

describe('error model', () => {
  let server: TestServer;
  let key: string;
  let agentId: string;
  before(async () => {
    server = await startTestServer({ configFile: { ...UNLIMITED_RATE, server: { bodyLimit: 4096 } } });
    const { account, ctx } = await server.seedAccount('pro');
    agentId = (await server.seedAgent(ctx)).id;
    key = await server.seedKey(account.id);
  });
  after(() => server.close());

  test("every spec code maps to the spec's status", () => {
    const expected: Record<string, number> = {
      AUTH_REQUIRED: 401,
      KEY_EXPIRED: 401,
      INVALID_BODY: 400,
      CONTENT_BLOCKED: 400,
      FILE_REQUIRED: 400,
      FILE_TYPE_NOT_ALLOWED: 400,
      INVALID_FILE: 400,
      INSUFFICIENT_CREDITS: 402,
      PLAN_LIMIT_REACHED: 403,
      MODEL_NOT_AVAILABLE: 403,
      AGENT_NOT_ALLOWED: 403,
      IP_NOT_ALLOWED: 403,
      AGENT_NOT_FOUND: 404,
      CONVERSATION_NOT_FOUND: 404,
      MESSAGE_NOT_FOUND: 404,
      SOURCE_NOT_FOUND: 404,
      TOOL_CALL_NOT_FOUND: 404,
      TOOL_CALL_ALREADY_CANCELED: 409,
      TOOL_CALL_NOT_PENDING: 409,
      TOOL_CALL_ALREADY_EXECUTED: 409,
      PENDING_TOOL_CALLS: 409,
      FILE_TOO_LARGE: 413,
      QUOTA_EXCEEDED: 429,
      RATE_LIMITED: 429,
      UNKNOWN_ERROR: 500,
      MODERATION_UNAVAILABLE: 503,
    };
    assert.deepEqual([...SPEC_ERROR_CODES].sort(), Object.keys(expected).sort());
    for (const code of SPEC_ERROR_CODES) assert.equal(STATUS_BY_CODE[code], expected[code], code);
  });

  test('malformed JSON → 400 INVALID_BODY', async () => {
    const response = await server.call('PATCH', `/agents/${agentId}`, {
      key,
      rawBody: '{"name": "x",',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, {
      success: false,
      error: { code: 'INVALID_BODY', message: 'The body is not valid JSON.', list: { body: ['must be valid JSON'] } },
    });
  });

  test('a malformed percent-escape in the path → 400 INVALID_BODY in the spec shape', async () => {
    for (const path of ['/agents/%E0%A4%A', `/agents/${agentId}/sources/%E0%A4%A`]) {
      const response = await server.call('GET', path, { key });
      assert.equal(response.status, 400, path);
      assert.deepEqual(response.body, {
        success: false,
        error: {
          code: 'INVALID_BODY',
          message: 'The URL is not valid: a path segment has a malformed percent-escape.',
          list: { path: ['must be valid percent-encoded UTF-8'] },
        },
      });
      // Refused by the router, before any hook: it still carries the id its log line has.
      assert.match(response.headers.get('x-request-id') ?? '', /^req_/, path);
    }
  });

  test('a multipart upload cut short → 400 INVALID_FILE, not a 500', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/agents/${agentId}/sources/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n\r\nThe text stops here',
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'INVALID_FILE');
  });

  test('an empty JSON body → 400 INVALID_BODY', async () => {
    const response = await server.call('PATCH', `/agents/${agentId}`, {
      key,
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error.code, 'INVALID_BODY');
  });

  test('a body that is not JSON → 400 INVALID_BODY', async () => {
    const response = await server.call('PATCH', `/agents/${agentId}`, {
      key,
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error.code, 'INVALID_BODY');
  });

  test("a JSON body sent as text/plain (fetch's default without a Content-Type) → 400 naming application/json", async () => {
    const response = await server.call('PATCH', `/agents/${agentId}`, {
      key,
      rawBody: '{"name": "x"}',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, {
      success: false,
      error: {
        code: 'INVALID_BODY',
        message: 'The body must be JSON, sent with Content-Type: application/json.',
        list: { body: ['must be application/json'] },
      },
    });
  });

  test('a prototype-poisoning body is refused', async () => {
    const response = await server.call('PATCH', `/agents/${agentId}`, {
      key,
      rawBody: '{"__proto__": {"admin": true}, "name": "x"}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error.code, 'INVALID_BODY');
  });

  test('an oversized body → 413 in the wrapped shape', async () => {
    const response = await server.call('PATCH', `/agents/${agentId}`, {
      key,
      body: { instructions: 'x'.repeat(5000) },
    });
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, {
      success: false,
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
    });
  });

  test('an unknown route → 404 in the wrapped shape, with or without a key', async () => {
    for (const options of [{}, { key }]) {
      const response = await server.call('GET', '/nowhere?x=1', options);
      assert.equal(response.status, 404);
      assert.deepEqual(response.body, {
        success: false,
        error: { code: 'NOT_FOUND', message: 'No route GET /api/v1/nowhere.' },
      });
    }
    // A path that exists with other methods is 405, not 404 (edges.test.ts has the cases).
    const wrongMethod = await server.call('DELETE', '/models', { key });
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.body.error.code, 'METHOD_NOT_ALLOWED');
  });

  test('a 500 never leaks a message or a stack', async () => {
    const broken = await startTestServer({ configFile: UNLIMITED_RATE });
    const { account } = await broken.seedAccount();
    const brokenKey = await broken.seedKey(account.id);
    await broken.deps.store.close(); // every query now fails inside the server
    const response = await broken.call('GET', '/validate', { key: brokenKey });
    assert.equal(response.status, 500);
    assert.deepEqual(response.body, {
      success: false,
      error: { code: 'UNKNOWN_ERROR', message: 'An internal error occurred.' },
    });
    assert.ok(!/at |\.ts|sqlite|postgres|driver|destroy/i.test(response.text), response.text);
    await broken.app.close();
    await broken.database.drop();
  });
});
