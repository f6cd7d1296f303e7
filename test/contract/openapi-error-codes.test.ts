// The public OpenAPI document names, on each error answer, the codes that operation can give, not
// every code the error table maps to its status: GET /usage's 429 listed QUOTA_EXCEEDED (it charges
// nothing), every 403 the admin API's CSRF_TOKEN_INVALID, every 400 the upload's FILE_REQUIRED.
// The documents do not depend on the storage engine, so the PostgreSQL run skips this file.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadOpenApiDocuments } from '../support/openapi-documents.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { STATUS_BY_CODE } from '../../src/http/error-table.ts';

const SKIP =
  TEST_BACKEND === 'postgres' ? 'the documents are the same on every engine: checked on the SQLite run' : false;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests walk arbitrary JSON

/** The codes an error answer names, in the order the error table has them. */
const codesOf = (response: Json | undefined): string[] =>
  [...(response?.description ?? '').matchAll(/`([A-Z_]+)`/g)].map((match) => match[1] as string);

describe(
  'the public OpenAPI document: each error answer names the codes its operation can give',
  { skip: SKIP },
  () => {
    let paths: Record<string, Record<string, Json>>;
    before(async () => {
      paths = (await loadOpenApiDocuments()).public.paths as Record<string, Record<string, Json>>;
    });
    const operations = () =>
      Object.entries(paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => ({ path, method, responses: operation.responses as Json })),
      );

    test('GET /usage: its own codes only', () => {
      const responses = paths['/usage']!.get!.responses;
      assert.deepEqual(
        Object.fromEntries(Object.entries(responses as Json).map(([status, response]) => [status, codesOf(response)])),
        {
          200: [],
          400: ['INVALID_BODY'],
          401: ['AUTH_REQUIRED', 'KEY_EXPIRED'],
          403: ['IP_NOT_ALLOWED'],
          429: ['RATE_LIMITED'],
          431: ['REQUEST_TOO_LARGE'],
          500: ['UNKNOWN_ERROR'],
          503: ['SERVICE_UNAVAILABLE'],
        },
      );
    });

    test("chat: SPEC's codes for chat, with the key's restrictions and the path's ids", () => {
      const responses = paths['/agents/{agentId}/chat']!.post!.responses;
      assert.deepEqual(codesOf(responses['400']), ['INVALID_BODY', 'CONTENT_BLOCKED']);
      assert.deepEqual(codesOf(responses['402']), ['INSUFFICIENT_CREDITS']);
      assert.deepEqual(codesOf(responses['403']), ['MODEL_NOT_AVAILABLE', 'AGENT_NOT_ALLOWED', 'IP_NOT_ALLOWED']);
      assert.deepEqual(codesOf(responses['404']), ['AGENT_NOT_FOUND', 'CONVERSATION_NOT_FOUND', 'TOOL_CALL_NOT_FOUND']);
      assert.deepEqual(codesOf(responses['409']), [
        'TOOL_CALL_ALREADY_CANCELED',
        'TOOL_CALL_ALREADY_EXECUTED',
        'PENDING_TOOL_CALLS',
      ]);
      assert.deepEqual(codesOf(responses['429']), ['QUOTA_EXCEEDED', 'RATE_LIMITED']);
      assert.deepEqual(codesOf(responses['503']), ['MODERATION_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);
    });

    test('codes of one kind of operation appear only on operations of that kind', () => {
      const adminOnly = ['CSRF_TOKEN_INVALID', 'OWNER_REQUIRED', 'READ_ONLY_MEMBER', 'NOT_FOUND', 'SITE_NOT_FOUND'];
      const uploadOnly = ['FILE_REQUIRED', 'FILE_TYPE_NOT_ALLOWED', 'INVALID_FILE', 'FILE_TOO_LARGE'];
      for (const { path, method, responses } of operations()) {
        const named = Object.values(responses).flatMap(codesOf);
        const where = `${method} ${path}`;
        for (const code of adminOnly) assert.ok(!named.includes(code), `${where}: ${code}`);
        if (!path.startsWith('/widget/'))
          for (const code of ['ORIGIN_NOT_ALLOWED', 'USER_HASH_INVALID'])
            assert.ok(!named.includes(code), `${where}: ${code}`);
        if (path !== '/agents/{agentId}/sources/files')
          for (const code of uploadOnly) assert.ok(!named.includes(code), `${where}: ${code}`);
        // Only what charges credits meets a key's credit quota.
        assert.equal(named.includes('QUOTA_EXCEEDED'), Boolean(responses['402']), where);
        if (!['/agents/{agentId}/chat', '/widget/chat'].includes(path))
          for (const code of ['CONTENT_BLOCKED', 'MODERATION_UNAVAILABLE'])
            assert.ok(!named.includes(code), `${where}: ${code}`);
      }
    });

    test('every error answer whose status has codes names at least one, each of that status', () => {
      const statusesWithCodes = new Set(Object.values(STATUS_BY_CODE).map(String));
      for (const { path, method, responses } of operations()) {
        for (const [status, response] of Object.entries(responses)) {
          if (!statusesWithCodes.has(status) || Number(status) < 400) continue;
          const named = codesOf(response);
          assert.ok(named.length > 0, `${method} ${path} ${status}: ${response.description}`);
          for (const code of named)
            assert.equal(
              String(STATUS_BY_CODE[code as keyof typeof STATUS_BY_CODE]),
              status,
              `${method} ${path} ${code}`,
            );
        }
      }
    });

    // Its routes write the ranges `4xx`/`5xx`, which the documenter missed: each got the service's
    // 400, 401 (flat), 403, 413, 429, 500 and 503 bodies, which the door never sends.
    test("the OpenAI-compatible door's errors are its own shape; only 431 (before any route) is the service's", () => {
      for (const [path, item] of Object.entries(paths).filter(([path]) => path.startsWith('/openai/'))) {
        for (const [method, operation] of Object.entries(item)) {
          assert.deepEqual(Object.keys(operation.responses).sort(), ['200', '431', '4XX', '5XX'], `${method} ${path}`);
          const shape = operation.responses['4XX'].content['application/json'].schema;
          assert.deepEqual(shape.properties.error.required, ['message', 'type', 'param', 'code'], `${method} ${path}`);
          assert.deepEqual(codesOf(operation.responses['431']), ['REQUEST_TOO_LARGE']);
        }
      }
    });

    test("the upload's codes, and an agent path's own", () => {
      const upload = paths['/agents/{agentId}/sources/files']!.post!.responses;
      assert.deepEqual(codesOf(upload['400']), [
        'INVALID_BODY',
        'FILE_REQUIRED',
        'FILE_TYPE_NOT_ALLOWED',
        'INVALID_FILE',
      ]);
      assert.deepEqual(codesOf(upload['403']), ['PLAN_LIMIT_REACHED', 'AGENT_NOT_ALLOWED', 'IP_NOT_ALLOWED']);
      assert.deepEqual(codesOf(upload['413']), ['FILE_TOO_LARGE', 'PAYLOAD_TOO_LARGE']);
      const deleteMessage =
        paths['/agents/{agentId}/conversations/{conversationRef}/messages/{messageId}']!.delete!.responses;
      assert.deepEqual(codesOf(deleteMessage['404']), [
        'AGENT_NOT_FOUND',
        'CONVERSATION_NOT_FOUND',
        'MESSAGE_NOT_FOUND',
      ]);
    });
  },
);
