// Over 300 lines: one matrix over every route of the OpenAPI document; cases are independent.
// Hostile and careless input, driven by the OpenAPI document so a
// new field or route is covered without editing this file. Runs on SQLite and on PostgreSQL
// (COLLOQUY_TEST_BACKEND): U+0000 used to be a 500 on PostgreSQL only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type ApiResponse, type TestServer } from '../support/test-server.ts';
import { PAGE_MAX } from '../../src/http/pagination.ts';
import { createKey } from '../../src/domain/keys/create-key.ts';

const WIDGET_ORIGIN = 'https://shop.example';

type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON Schema from the document
interface Operation {
  method: string;
  path: string;
  op: Schema;
}

const NUL = 'a\u0000b';
/** Names every object inherits: a field called so must be refused like any other unknown field. */
const BUILT_IN_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
/** Words a client developer should never have to read in `error.list`. */
const SCHEMA_JARGON = /pattern|constant|anyOf|oneOf|allOf|schema|must match|must be equal|must NOT|\^|\$\)/;

/** A value the schema accepts (enough for the fields around the one under test to be valid). */
function sample(schema: Schema): unknown {
  if (schema.anyOf) return sample(schema.anyOf[0]);
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.examples?.length) return schema.examples[0];
  switch (schema.type) {
    case 'string':
      return schema.format === 'uri' ? 'https://example.com/' : 'Valid text'.padEnd(schema.minLength ?? 0, '.');
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return [sample(schema.items)];
    case 'object':
      return Object.fromEntries(
        (schema.required ?? Object.keys(schema.properties ?? {})).map((name: string) => [
          name,
          sample(schema.properties[name]),
        ]),
      );
    default:
      return null;
  }
}

/** Every string field of a body schema, as a path of property names and array indexes, with its schema. */
function stringFields(schema: Schema, path: Array<string | number> = []): Array<[Array<string | number>, Schema]> {
  if ('const' in schema || schema.enum) return []; // a choice, not text: any other value is simply not one of them
  if (schema.type === 'string') return [[path, schema]];
  if (schema.type === 'array') return stringFields(schema.items, [...path, 0]);
  if (schema.type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([name, child]) =>
      stringFields(child as Schema, [...path, name]),
    );
  return [];
}

function withValue(body: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(body) ? [...body] : { ...(body as object) }; // eslint-disable-line @typescript-eslint/no-explicit-any
  copy[head!] = withValue(copy[head!] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
  return copy;
}

describe('bad input, from the OpenAPI document', () => {
  let server: TestServer;
  let key: string;
  /** For the widget's routes, which take only a publishable key, from its page's origin. */
  let publishableKey: string;
  let agentId: string;
  let operations: Operation[];
  const fill = (path: string, values: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? (name === 'agentId' ? agentId : 'x'));

  before(async () => {
    server = await startTestServer({ configFile: UNLIMITED_RATE });
    const { account, ctx } = await server.seedAccount('pro', 1_000);
    agentId = (await server.seedAgent(ctx)).id;
    key = await server.seedKey(account.id);
    publishableKey = (
      await createKey(server.deps, account.id, {
        name: 'widget',
        kind: 'publishable',
        allowedAgentIds: [agentId],
        allowedOrigins: [WIDGET_ORIGIN],
      })
    ).key;
    const doc = (await server.call('GET', '/openapi.json')).body;
    operations = Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    assert.ok(operations.length >= 20);
  });
  after(() => server.close());

  const bodySchema = (op: Schema): Schema | undefined => op.requestBody?.content?.['application/json']?.schema;
  const send = (method: string, path: string, body?: unknown): Promise<ApiResponse> =>
    path.startsWith('/widget/')
      ? server.call(method, path, {
          key: publishableKey,
          headers: { origin: WIDGET_ORIGIN },
          ...(body !== undefined && { body }),
        })
      : server.call(method, path, { key, ...(body !== undefined && { body }) });

  test('U+0000 in every JSON text field → 400 INVALID_BODY naming the field', async () => {
    let checked = 0;
    for (const { method, path, op } of operations) {
      const schema = bodySchema(op);
      if (!schema) continue;
      for (const [field, fieldSchema] of stringFields(schema)) {
        // Long enough for the field's minimum: the NUL is the only thing wrong.
        const body = withValue(sample(schema), field, NUL.padEnd(fieldSchema.minLength ?? 0, 'x'));
        const response = await send(method, fill(path), body);
        const name = field.join('.');
        assert.equal(response.status, 400, `${method} ${path} ${name}: ${response.text}`);
        assert.equal(response.body.error.code, 'INVALID_BODY');
        assert.deepEqual(
          response.body.error.list[name],
          ['must not contain the NUL character (U+0000)'],
          `${method} ${path} ${name}: ${response.text}`,
        );
        checked += 1;
      }
    }
    // name, instructions, model; title, content; question, answer; url; query; message, userId,
    // conversationId, toolResults' toolCallId and output; feedback's comment (its rating is a choice).
    assert.ok(checked >= 15, `only ${checked} fields checked`);
  });

  test('U+0000 in every path parameter and text query parameter → a clean 400, never a 500', async () => {
    for (const { method, path, op } of operations) {
      for (const parameter of (op.parameters ?? []) as Schema[]) {
        if (parameter.in === 'path') {
          const response = await send(
            method,
            fill(path, { [parameter.name]: '%00' }),
            bodySchema(op) ? sample(bodySchema(op)!) : undefined,
          );
          assert.equal(response.status, 400, `${method} ${path} ${parameter.name}: ${response.text}`);
          assert.deepEqual(response.body.error.list, {
            [parameter.name]: ['must not contain the NUL character (U+0000)'],
          });
        } else if (parameter.in === 'query' && parameter.schema.type === 'string') {
          const response = await send(method, `${fill(path)}?${parameter.name}=%00`);
          assert.equal(response.status, 400, `${method} ${path}?${parameter.name}: ${response.text}`);
          assert.ok(response.body.error.list[parameter.name], response.text);
        }
      }
    }
    const agent = await send('GET', '/agents/%00');
    assert.deepEqual(agent.body, {
      success: false,
      error: {
        code: 'INVALID_BODY',
        message: 'The request is invalid.',
        list: { agentId: ['must not contain the NUL character (U+0000)'] },
      },
    });
  });

  test('a chat with U+0000 is refused before the model or moderator: no conversation starts', async () => {
    const response = await send('POST', `/agents/${agentId}/chat`, { message: `Hello ${NUL}`, userId: 'nul-user' });
    assert.equal(response.status, 400);
    assert.equal((await send('GET', `/agents/${agentId}/conversations`)).body.pagination.totalConversations, 0);
  });

  test(`page is bounded at ${PAGE_MAX} on every list; beyond is 400 INVALID_BODY, not a database error`, async () => {
    const lists = operations.filter(({ op }) =>
      (op.parameters ?? []).some((parameter: Schema) => parameter.in === 'query' && parameter.name === 'page'),
    );
    assert.ok(lists.length >= 4, 'agents, sources, conversations, messages');
    for (const { path } of lists) {
      for (const [page, message] of [
        ['999999999999999999999', `must be at most ${PAGE_MAX}`],
        [String(PAGE_MAX + 1), `must be at most ${PAGE_MAX}`],
        // Not decimal digits: refused as such, before any conversion.
        ['1e400', 'must be a whole number'],
        ['Infinity', 'must be a whole number'],
      ]) {
        const response = await send('GET', `${fill(path)}?page=${page}`);
        assert.equal(response.status, 400, `${path}?page=${page}: ${response.text}`);
        assert.deepEqual(response.body.error.list, { page: [message] }, `${path}?page=${page}`);
      }
    }
    const last = await send('GET', `/agents/${agentId}/sources?page=${PAGE_MAX}&size=100`);
    assert.equal(last.status, 200, last.text);
    assert.deepEqual([last.body.sources, last.body.pagination.currentPage], [[], PAGE_MAX]);
  });

  test('a query parameter given twice → 400 INVALID_BODY "must be given once", on every operation', async () => {
    // `?page=1&page=2` was answered "must be a whole number", which sends the client looking at the
    // value; the same value twice is refused too: the query names each parameter once.
    let checked = 0;
    for (const { method, path, op } of operations) {
      for (const parameter of (op.parameters ?? []) as Schema[]) {
        if (parameter.in !== 'query') continue;
        const value = encodeURIComponent(String(sample(parameter.schema)));
        for (const query of [
          `${parameter.name}=${value}&${parameter.name}=${value}`,
          `${parameter.name}=1&${parameter.name}=2`,
        ]) {
          const response = await send(method, `${fill(path)}?${query}`);
          assert.equal(response.status, 400, `${method} ${path}?${query}: ${response.text}`);
          assert.deepEqual(
            response.body.error,
            {
              code: 'INVALID_BODY',
              message: 'The request is invalid.',
              list: { [parameter.name]: ['must be given once'] },
            },
            `${method} ${path}?${query}`,
          );
        }
        checked += 1;
      }
    }
    assert.ok(checked >= 10, `only ${checked} query parameters checked`);
    // Given once, each is read as before; a repeated parameter the operation does not know stays ignored.
    const once = await send('GET', `/agents/${agentId}/sources?type=text&page=1&other=a&other=b`);
    assert.equal(once.status, 200, once.text);
  });

  test('a JSON body on every operation that takes none → 400 INVALID_BODY naming its fields, {} answered as usual', async () => {
    let checked = 0;
    for (const { method, path, op } of operations) {
      if (method === 'GET' || bodySchema(op) || op.requestBody) continue;
      const refused = await send(method, fill(path), { unexpected: 1 });
      assert.deepEqual(
        [refused.status, refused.body.error],
        [
          400,
          {
            code: 'INVALID_BODY',
            message: 'This operation takes no body.',
            list: { unexpected: ['is not an accepted field'] },
          },
        ],
        `${method} ${path}: ${refused.text}`,
      );
      const empty = await send(method, fill(path), {});
      assert.notEqual(empty.status, 400, `${method} ${path} with {}: ${empty.text}`);
      checked += 1;
    }
    // The deletes, a tool call's cancel, a handoff's resolve, the widget's visitors and handoff.
    assert.ok(checked >= 8, `only ${checked} operations checked`);
  });

  test('a text field that is empty once trimmed → 400 INVALID_BODY with the field in list', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/sources/text', { title: 'Spaces only', content: '     ' }, 'content'],
      ['POST', '/sources/text', { title: '    ', content: 'Some content.' }, 'title'],
      ['POST', '/sources/qa', { question: 'What is it?', answer: ' \n\t ' }, 'answer'],
      ['POST', '/sources/qa', { question: '   ', answer: 'An answer.' }, 'question'],
      ['PATCH', '', { name: '   ' }, 'name'],
      ['PATCH', '', { model: '  ' }, 'model'],
      ['POST', '/chat', { message: '  \n ' }, 'message'],
      ['POST', '/chat', { message: 'Hi', userId: '   ' }, 'userId'],
      ['POST', '/chat', { message: 'Hi', conversationId: ' ' }, 'conversationId'],
      ['POST', '/search', { query: '    ' }, 'query'],
      ['POST', '/sources/website', { url: '   ' }, 'url'],
      ['POST', '/conversations/c/messages/m/feedback', { rating: 'up', comment: '   ' }, 'comment'],
    ];
    for (const [method, suffix, body, field] of cases) {
      const response = await send(method, `/agents/${agentId}${suffix}`, body);
      assert.equal(response.status, 400, `${suffix} ${field}: ${response.text}`);
      assert.deepEqual(
        response.body.error,
        {
          code: 'INVALID_BODY',
          message: 'The request is invalid.',
          list: { [field]: ['must not be empty or only spaces'] },
        },
        `${suffix} ${field}`,
      );
    }
    assert.equal(
      (await send('GET', `/agents/${agentId}/sources`)).body.pagination.totalSources,
      0,
      'nothing was stored',
    );
  });

  test('every validation message is in plain words', async () => {
    const expected: Array<[string, string, unknown, Record<string, string[]>]> = [
      [
        'POST',
        `/agents/${agentId}/conversations/c/messages/m/feedback`,
        { rating: 'meh' },
        { rating: ['must be one of: up, down'] },
      ],
      ['POST', `/agents/${agentId}/chat`, { message: 'Hi', userId: '..' }, { userId: ['must not be "." or ".."'] }],
      ['POST', `/agents/${agentId}/chat`, { message: '' }, { message: ['must not be empty'] }],
      [
        'POST',
        `/agents/${agentId}/chat`,
        { message: 5, stream: 'yes' },
        { message: ['must be a string'], stream: ['must be true or false'] },
      ],
      ['POST', `/agents/${agentId}/search`, { query: 'x', limit: 21 }, { limit: ['must be at most 20'] }],
      ['POST', `/agents/${agentId}/search`, { query: 'x', limit: 2.5 }, { limit: ['must be a whole number'] }],
      [
        'POST',
        `/agents/${agentId}/sources/text`,
        { title: 'abc', content: 'x', extra: 1 },
        { title: ['must be at least 4 characters'], extra: ['is not an accepted field'] },
      ],
      ['POST', `/agents/${agentId}/sources/qa`, { question: 'Why?' }, { answer: ['is required'] }],
      ['PATCH', `/agents/${agentId}`, {}, { body: ['must contain at least one field'] }],
      ['POST', `/agents/${agentId}/chat`, { toolResults: [] }, { toolResults: ['must have at least 1 item'] }],
      [
        'GET',
        `/agents/${agentId}/sources?type=pdf&size=0`,
        undefined,
        { type: ['must be one of: text, qa, file, website'], size: ['must be at least 1'] },
      ],
      [
        'DELETE',
        `/agents/${agentId}/conversations/c/messages/m?cascade=maybe`,
        undefined,
        { cascade: ['must be true or false'] },
      ],
      ['GET', `/agents?page=0&size=101`, undefined, { page: ['must be at least 1'], size: ['must be at most 100'] }],
    ];
    for (const [method, path, body, list] of expected) {
      const response = await send(method, path, body);
      assert.deepEqual(
        [response.status, response.body.error.list],
        [400, list],
        `${method} ${path} ${JSON.stringify(body)}`,
      );
    }
    // And whatever a careless client sends to any operation: a wrong type in every field.
    const wrong = (schema: Schema): unknown =>
      schema.type === 'string' ? 12 : schema.type === 'object' ? 'text' : 'text';
    for (const { method, path, op } of operations) {
      const schema = bodySchema(op);
      if (!schema?.properties) continue;
      for (const body of [
        {},
        [],
        Object.fromEntries(Object.entries(schema.properties).map(([name, child]) => [name, wrong(child as Schema)])),
      ]) {
        const response = await send(method, fill(path), body);
        if (response.status !== 400) continue;
        for (const messages of Object.values(response.body.error.list ?? {}) as string[][]) {
          for (const message of messages) assert.doesNotMatch(message, SCHEMA_JARGON, `${method} ${path}: ${message}`);
        }
      }
    }
  });

  test('a body field named like a built-in object member → 400 INVALID_BODY naming it, on every JSON operation', async () => {
    let checked = 0;
    for (const { method, path, op } of operations) {
      const schema = bodySchema(op);
      if (!schema) continue;
      for (const name of BUILT_IN_NAMES) {
        // Built by defineProperty so `__proto__` is sent as a field, not taken as the prototype.
        const body = Object.defineProperty({ ...(sample(schema) as object) }, name, { value: 1, enumerable: true });
        const response = await send(method, fill(path), body);
        if (schema.additionalProperties !== false) {
          // The OpenAI-compatible door ignores fields it does not know, as OpenAI does: never a 500.
          assert.ok(response.status < 500, `${method} ${path} ${name}: ${response.text}`);
          continue;
        }
        assert.equal(response.status, 400, `${method} ${path} ${name}: ${response.text}`);
        assert.equal(response.body.error.code, 'INVALID_BODY', `${method} ${path} ${name}`);
        // The JSON body reader refuses __proto__ itself, before any schema (src/http/json-body.ts).
        if (name === '__proto__')
          assert.deepEqual(Object.keys(response.body.error.list), ['body'], `${method} ${path}: ${response.text}`);
        else
          assert.deepEqual(
            response.body.error.list,
            { [name]: ['is not an accepted field'] },
            `${method} ${path} ${name}: ${response.text}`,
          );
        checked += 1;
      }
    }
    assert.ok(checked >= 8 * BUILT_IN_NAMES.length, `only ${checked} checked`);
    // And beside a valid chat message, as the outside test sent it.
    const chat = await send('POST', `/agents/${agentId}/chat`, JSON.parse('{"message":"hi","toString":1}'));
    assert.deepEqual([chat.status, chat.body.error.list], [400, { toString: ['is not an accepted field'] }]);
  });

  test("a URL longer than the server reads (over 16 KB) → the interface's error shape, not Node's", async () => {
    for (const path of [
      `/agents/${agentId}?q=${'x'.repeat(17_000)}`,
      `/agents/${'a'.repeat(20_000)}`,
      `/ping?${'p'.repeat(70_000)}`,
    ]) {
      const response = await send('GET', path);
      assert.equal(response.status, 431, response.text.slice(0, 200));
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.match(response.headers.get('x-request-id') ?? '', /^req_/);
      assert.deepEqual(response.body, {
        success: false,
        error: { code: 'REQUEST_TOO_LARGE', message: 'The URL and headers together are too large: at most 16 KB.' },
      });
    }
    assert.equal((await send('GET', `/agents/${agentId}`)).status, 200, 'the server still answers');
  });

  test('ids up to 200 characters (800 UTF-8 bytes, 2400 percent-encoded) work in the path', async () => {
    const userId = '😀'.repeat(200);
    const chat = await send('POST', `/agents/${agentId}/chat`, { message: 'Hello there', userId });
    assert.equal(chat.status, 200, chat.text);
    const ref = encodeURIComponent(userId);
    assert.equal(ref.length, 2_400);
    const messages = await send('GET', `/agents/${agentId}/conversations/${ref}/messages`);
    assert.equal(messages.status, 200, messages.text);
    assert.deepEqual([messages.body.userId, messages.body.pagination.totalMessages], [userId, 2]);
    const deleted = await send('DELETE', `/agents/${agentId}/conversations/${ref}`);
    assert.deepEqual(deleted.body, { success: true, deletedMessages: { count: 2 } });
    // Longer than any id: refused in the spec's shape, naming what is wrong.
    const long = await send('GET', `/agents/${agentId}/conversations/${'u'.repeat(201)}/messages`);
    assert.deepEqual(
      [long.status, long.body.error.list],
      [400, { conversationRef: ['must be at most 200 characters'] }],
    );
    const huge = await send('GET', `/agents/${agentId}/conversations/${'u'.repeat(2_401)}/messages`);
    assert.equal(huge.status, 400);
    assert.equal(huge.body.error.code, 'INVALID_BODY');
    assert.deepEqual(Object.keys(huge.body.error.list), ['path']);
  });
});
