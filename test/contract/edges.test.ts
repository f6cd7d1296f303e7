// Over 300 lines: one server for every edge case of the API; the cases are independent.
// Edges of the API a careful client meets: usage of restricted keys, models that cannot run
// here, uploads with several files or no file name, the flat expired-key answer, and 405.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { createKey } from '../../src/domain/keys/create-key.ts';
import { chargeCredits } from '../../src/domain/credits/charge.ts';

describe('edges', () => {
  let server: TestServer;
  const clock = createTestClock(Date.parse('2026-11-10T12:00:00.000Z'));
  before(async () => {
    // No OPENAI_API_KEY: the catalog's OpenAI models cannot run on this server.
    server = await startTestServer({ clock, configFile: UNLIMITED_RATE });
  });
  after(() => server.close());

  async function setup(plan: 'free' | 'starter' | 'pro' = 'pro') {
    const { account, ctx } = await server.seedAccount(plan, 100);
    const agent = await server.seedAgent(ctx);
    const key = await server.seedKey(account.id);
    return { account, ctx, agent, key };
  }

  const upload = (agentId: string, key: string, body: FormData | string, contentType?: string) =>
    fetch(`${server.baseUrl}/api/v1/agents/${agentId}/sources/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, ...(contentType && { 'content-type': contentType }) },
      body,
    });

  test('a key restricted to agents sees only its own line in byKey (and only its agents)', async () => {
    const { account, ctx, agent } = await setup();
    const other = await server.seedAgent(ctx, 'Other');
    const open = await createKey(server.deps, account.id, { name: 'backend' });
    const restricted = await createKey(server.deps, account.id, { name: 'widget', allowedAgentIds: [agent.id] });
    for (const [record, agentId, credits] of [
      [open.record, other.id, 2],
      [restricted.record, agent.id, 1],
    ] as const) {
      const keyCtx = { ...ctx, key: { id: record.id, name: record.name, allowedAgentIds: record.allowedAgentIds } };
      await server.deps.store.transaction((tx) =>
        chargeCredits(tx, server.deps, keyCtx, { credits, agentId, description: 'chat' }),
      );
    }
    clock.advance(1_000); // the default period ends now, exclusive
    const mine = (await server.call('GET', '/usage', { key: restricted.key })).body.used;
    assert.deepEqual(mine.byKey, [{ keyId: restricted.record.id, name: 'widget', credits: 1 }]);
    assert.deepEqual(mine.byAgent, [{ agentId: agent.id, name: 'Support bot', credits: 1 }]);
    const all = (await server.call('GET', '/usage', { key: open.key })).body.used;
    assert.equal(all.byKey.length, 2);
  });

  test('a model whose provider key is unset is unavailable, says why, and PATCH refuses it', async () => {
    const { agent, key } = await setup('starter');
    const models = (await server.call('GET', '/models', { key })).body.models;
    const mini = models.find((model: { id: string }) => model.id === 'gpt-4o-mini');
    assert.deepEqual(
      [mini.available, mini.unavailableReason],
      [false, 'not configured on this server: the operator has not set the API key of its provider'],
    );
    const patch = await server.call('PATCH', `/agents/${agent.id}`, { key, body: { model: 'gpt-4o-mini' } });
    assert.equal(patch.status, 403);
    assert.deepEqual(patch.body.error, {
      code: 'MODEL_NOT_AVAILABLE',
      message:
        'The model "gpt-4o-mini" is not available: not configured on this server: the operator has not set the API key of its provider.',
    });
    assert.equal((await server.call('GET', `/agents/${agent.id}`, { key })).body.agent.model, 'colloquy-extractive');
    const extractive = models.find((model: { id: string }) => model.id === 'colloquy-extractive');
    assert.deepEqual([extractive.available, 'unavailableReason' in extractive], [true, false]);
  });

  test('with the key set, the same model is available and can be chosen', async () => {
    const keyed = await startTestServer({ configFile: UNLIMITED_RATE, env: { OPENAI_API_KEY: 'sk-unused' } });
    try {
      const { account, ctx } = await keyed.seedAccount('starter');
      const agent = await keyed.seedAgent(ctx);
      const key = await keyed.seedKey(account.id);
      const mini = (await keyed.call('GET', '/models', { key })).body.models.find(
        (model: { id: string }) => model.id === 'gpt-4o-mini',
      );
      assert.deepEqual(mini, {
        id: 'gpt-4o-mini',
        name: 'GPT-4o mini',
        provider: 'openai',
        credits: 2,
        available: true,
      });
      assert.equal(
        (await keyed.call('PATCH', `/agents/${agent.id}`, { key, body: { model: 'gpt-4o-mini' } })).status,
        200,
      );
    } finally {
      await keyed.close();
    }
  });

  test('more than one file part → 400 INVALID_BODY, nothing indexed', async () => {
    const { agent, key } = await setup();
    const form = new FormData();
    form.append('file', new Blob(['The first text file.']), 'one.txt');
    form.append('file', new Blob(['The second text file.']), 'two.txt');
    const response = await upload(agent.id, key, form);
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), {
      success: false,
      error: {
        code: 'INVALID_BODY',
        message: 'The request holds more than one file; send one file per request.',
        list: { file: ['must be the only file: send one file per request'] },
      },
    });
    const other = new FormData();
    other.append('file', new Blob(['The first text file.']), 'one.txt');
    other.append('attachment', new Blob(['Another file.']), 'two.txt');
    assert.equal((await upload(agent.id, key, other)).status, 400, 'a file in another field counts too');
    assert.equal((await server.call('GET', `/agents/${agent.id}/sources`, { key })).body.pagination.totalSources, 0);
    const fieldsToo = new FormData();
    fieldsToo.append('note', 'plain form fields are ignored');
    fieldsToo.append('file', new Blob(['Only one file here.']), 'one.txt');
    assert.equal((await upload(agent.id, key, fieldsToo)).status, 200);
  });

  test('up to 10 plain form fields beside the file are ignored; more → 400 INVALID_BODY naming the form, not the file', async () => {
    const { agent, key } = await setup();
    const formWith = (fields: number, fileFirst: boolean) => {
      const form = new FormData();
      const parts = Array.from({ length: fields }, (_, i) => () => form.append(`meta${i}`, 'x'));
      const file = () => form.append('file', new Blob([`Ferries leave every ${fields} minutes.`]), 'f.txt');
      for (const add of fileFirst ? [file, ...parts] : [...parts, file]) add();
      return form;
    };
    assert.equal((await upload(agent.id, key, formWith(10, true))).status, 200);
    for (const fileFirst of [true, false]) {
      const response = await upload(agent.id, key, formWith(11, fileFirst));
      assert.equal(response.status, 400, `file first: ${fileFirst}`);
      assert.deepEqual(await response.json(), {
        success: false,
        error: {
          code: 'INVALID_BODY',
          message: 'The form holds more than 10 fields besides the file; send the file with fewer fields.',
          list: { body: ['must hold at most 10 form fields besides the file'] },
        },
      });
    }
    assert.equal((await server.call('GET', `/agents/${agent.id}/sources`, { key })).body.pagination.totalSources, 1);
  });

  test('a part with no file name and type application/octet-stream is judged by content', async () => {
    const { agent, key } = await setup();
    const form = new FormData(); // Node sends filename=""
    form.append(
      'file',
      new Blob(['Harbour pilots board ships at the fairway buoy.'], { type: 'application/octet-stream' }),
      '',
    );
    const named = await upload(agent.id, key, form);
    assert.equal(named.status, 200);
    const listed = (await server.call('GET', `/agents/${agent.id}/sources`, { key })).body.sources[0];
    assert.deepEqual(((await named.json()) as { source: object }).source, {
      id: listed.id,
      type: 'file',
      title: 'untitled',
      size: 47,
      createdAt: listed.createdAt,
    });
    // curl -F 'file=<notes.txt;type=application/octet-stream': no filename parameter at all.
    const raw = (content: string) =>
      `--xyz\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--xyz--\r\n`;
    const unnamed = await upload(
      agent.id,
      key,
      raw('Tugs turn ships in the basin.'),
      'multipart/form-data; boundary=xyz',
    );
    assert.equal(unnamed.status, 200);
    const binary = await upload(
      agent.id,
      key,
      raw('\u0001\u0002\u0003\u0004\u0005\u0006 binary'),
      'multipart/form-data; boundary=xyz',
    );
    assert.equal(binary.status, 400);
    assert.equal(((await binary.json()) as { error: { code: string } }).error.code, 'FILE_TYPE_NOT_ALLOWED');
    const search = await server.call('POST', `/agents/${agent.id}/search`, {
      key,
      body: { query: 'where do pilots board ships' },
    });
    assert.equal(search.body.results[0]?.source.title, 'untitled');
  });

  test('a plain text field named file (curl -F "file=<notes.txt") is FILE_REQUIRED saying it is not a file part', async () => {
    const { agent, key } = await setup();
    // curl sends no filename and no Content-Type: multipart reads it as a form field, not a file.
    const response = await upload(
      agent.id,
      key,
      '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nTugs turn ships in the basin.\r\n--xyz--\r\n',
      'multipart/form-data; boundary=xyz',
    );
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), {
      success: false,
      error: {
        code: 'FILE_REQUIRED',
        message:
          'The field "file" arrived as a plain form field, not as a file: send it as a file part (curl -F file=@notes.txt).',
      },
    });
  });

  test('KEY_EXPIRED is flat like every 401: {error, code}, no success, no wrapper', async () => {
    const { account } = await setup();
    const expired = await server.seedKey(account.id, { expiresAt: clock.now() + 1_000 });
    clock.advance(2_000);
    for (const [method, path, body] of [
      ['GET', '/agents', undefined],
      ['POST', '/agents/x/chat', { message: 'Hi' }],
      ['GET', '/usage?from=nonsense', undefined],
    ] as const) {
      const response = await server.call(method, path, { key: expired, body });
      assert.equal(response.status, 401, path);
      assert.deepEqual(response.body, { error: 'Key expired', code: 'KEY_EXPIRED' }, path);
    }
    assert.deepEqual((await server.call('GET', '/agents', { key: 'ck_nonsense' })).body, {
      error: 'Unauthorized',
      code: 'AUTH_REQUIRED',
    });
  });

  test('a 401 for a key carries its challenge, WWW-Authenticate: Bearer (RFC 6750)', async () => {
    const { account, agent, key } = await setup();
    const expired = await server.seedKey(account.id, { expiresAt: clock.now() + 1_000 });
    clock.advance(2_000);
    const cases: Array<[string | undefined, string, string]> = [
      [undefined, '/agents', 'Bearer'],
      ['cq_nonsense', '/agents', 'Bearer error="invalid_token"'],
      [expired, '/agents', 'Bearer error="invalid_token"'],
      [undefined, '/openai/models', 'Bearer'],
      [undefined, '/mcp', 'Bearer'],
    ];
    for (const [used, path, challenge] of cases) {
      const response = await server.call(path === '/mcp' ? 'POST' : 'GET', path, { key: used });
      assert.equal(response.status, 401, path);
      assert.equal(response.headers.get('www-authenticate'), challenge, `${path} with ${used ?? 'no key'}`);
    }
    // A publishable key is a key for the widget's routes only: anywhere else it is not a valid token.
    const publishable = (
      await createKey(server.deps, account.id, {
        name: 'widget',
        kind: 'publishable',
        allowedAgentIds: [agent.id],
        allowedOrigins: ['https://shop.example'],
      })
    ).key;
    const elsewhere = await server.call('GET', '/agents', { key: publishable });
    assert.deepEqual(
      [elsewhere.status, elsewhere.headers.get('www-authenticate')],
      [401, 'Bearer error="invalid_token"'],
    );
    const allowed = await server.call('GET', `/agents/${agent.id}`, { key });
    assert.equal(allowed.headers.get('www-authenticate'), null);
    const refused = await server.call('GET', `/agents/agt_elsewhere`, { key });
    assert.deepEqual([refused.status, refused.headers.get('www-authenticate')], [404, null]);
  });

  test('an unsupported method on an existing path → 405 with Allow, wrapped', async () => {
    const { agent, key } = await setup();
    const cases: Array<[string, string, string]> = [
      ['DELETE', '/models', 'GET, HEAD'],
      ['PUT', `/agents/${agent.id}`, 'GET, HEAD, PATCH'],
      ['GET', `/agents/${agent.id}/chat`, 'POST'],
      ['POST', `/agents/${agent.id}/sources/src_x`, 'DELETE'],
      ['PATCH', `/agents/${agent.id}/conversations/u1`, 'DELETE'],
    ];
    for (const [method, path, allow] of cases) {
      for (const options of [{ key }, {}]) {
        const response = await server.call(method, path, options);
        assert.equal(response.status, 405, `${method} ${path}`);
        assert.equal(response.headers.get('allow'), allow);
        assert.deepEqual(response.body, {
          success: false,
          error: {
            code: 'METHOD_NOT_ALLOWED',
            message: `${method} is not allowed on /api/v1${path}; allowed: ${allow}.`,
          },
        });
      }
    }
    // HEAD of an event stream would wait for an end that never comes: it is refused at once.
    const head = await fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/conversations/u1/stream`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(5_000),
    });
    assert.deepEqual([head.status, head.headers.get('allow')], [405, 'GET']);
    const missing = await server.call('DELETE', '/nowhere', { key });
    assert.deepEqual([missing.status, missing.body.error.code, missing.headers.get('allow')], [404, 'NOT_FOUND', null]);
  });
});
