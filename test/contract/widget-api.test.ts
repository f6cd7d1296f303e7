// Over 300 lines: one file per resource's contract; cases are independent.
// Publishable keys and the widget's routes over HTTP: where such a key may go (derived from the
// OpenAPI document), its origins and CORS, visitors' conversations kept apart, signed user ids,
// the per-visitor rate limit, and the same charges and events as chat.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { adminClient } from '../support/admin-client.ts';
import {
  startScriptedModelServer,
  scriptedModelConfig,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';
import { createKey } from '../../src/domain/keys/create-key.ts';
import { signUserId } from '../../src/domain/widget/visitor-identity.ts';
import { VISITOR_REQUESTS_PER_MINUTE } from '../../src/http/widget/widget-visitor.ts';

const SHOP = 'https://shop.example';

describe('widget routes and publishable keys', () => {
  let model: ScriptedModelServer;
  let server: TestServer;

  before(async () => {
    model = await startScriptedModelServer();
    server = await startTestServer({ configFile: scriptedModelConfig(model.baseUrl) });
  });
  after(async () => {
    await server.close();
    await model.close();
  });

  /** The account's owner in the console: the admin API shows what the widget routes recorded. */
  const consoles = new Map<string, ReturnType<ReturnType<typeof adminClient>['as']>>();
  async function consoleOf(accountId: string) {
    const known = consoles.get(accountId);
    if (known) return known;
    const admin = adminClient(server);
    const email = `owner-${accountId.toLowerCase()}@shop.example`;
    await admin.addUser(accountId, email);
    const signedIn = admin.as(await admin.signIn(email));
    consoles.set(accountId, signedIn);
    return signedIn;
  }

  async function refusalsOf(accountId: string): Promise<Array<[string, string | null, number]>> {
    const response = await (await consoleOf(accountId))('GET', `/accounts/${accountId}/widget-refusals`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return (response.body.refusals as Array<{ reason: string; origin: string | null; count: number }>).map((r) => [
      r.reason,
      r.origin,
      r.count,
    ]);
  }

  async function setup(credits = 100) {
    const { account, ctx } = await server.seedAccount('starter', credits);
    const agent = await server.seedAgent(ctx, 'Shop helper');
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted' });
    const secretKey = await server.seedKey(account.id, { name: 'backend' });
    await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key: secretKey,
      body: { title: 'Returns', content: 'Returns are free within 30 days of delivery.' },
    });
    const { key, identitySecret, record } = await createKey(server.deps, account.id, {
      name: 'website',
      kind: 'publishable',
      allowedAgentIds: [agent.id],
      allowedOrigins: [SHOP],
    });
    const widget = (
      method: string,
      path: string,
      options: { body?: unknown; headers?: Record<string, string>; origin?: string | null } = {},
    ) =>
      server.call(method, `/widget${path}`, {
        key,
        body: options.body,
        headers: { ...(options.origin !== null && { origin: options.origin ?? SHOP }), ...options.headers },
      });
    const visitor = async () => {
      const issued = await widget('POST', '/visitors', { body: {} });
      assert.equal(issued.status, 200, issued.text);
      return { 'x-colloquy-visitor': issued.body.visitorId as string };
    };
    const balance = async () => (await server.call('GET', '/usage', { key: secretKey })).body.balance.credits as number;
    return {
      account,
      ctx,
      agent,
      secretKey,
      key,
      keyId: record.id,
      identitySecret: identitySecret!,
      widget,
      visitor,
      balance,
    };
  }

  test('creating one: exactly one agent, valid origins; the agent keeps one identity secret', async () => {
    const { account, agent, identitySecret } = await setup();
    const refuse = async (input: object) => {
      await assert.rejects(
        createKey(server.deps, account.id, { name: 'w', kind: 'publishable', ...input }),
        (error: { code?: string }) => error.code === 'INVALID_BODY',
      );
    };
    await refuse({ allowedAgentIds: [agent.id] });
    await refuse({ allowedOrigins: [SHOP] });
    await refuse({ allowedAgentIds: [agent.id], allowedOrigins: ['https://shop.example/path'] });
    await refuse({ allowedAgentIds: [agent.id], allowedOrigins: ['*'] });
    const second = await createKey(server.deps, account.id, {
      name: 'w2',
      kind: 'publishable',
      allowedAgentIds: [agent.id],
      allowedOrigins: ['http://localhost:8080'],
    });
    assert.match(second.key, /^cq_pub_/);
    assert.equal(second.identitySecret, identitySecret);
    await assert.rejects(
      createKey(server.deps, account.id, { name: 's', allowedOrigins: [SHOP] }),
      (error: { code?: string }) => error.code === 'INVALID_BODY',
    );
  });

  test('a publishable key is refused on every other route of the OpenAPI document; a secret key on the widget’s', async () => {
    const { agent, key, secretKey, widget } = await setup();
    const doc = (await server.call('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    let checked = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation.security?.length || template.startsWith('/widget')) continue; // `security: []` is a public route
        const path = template.replace('{agentId}', agent.id).replace(/\{\w+\}/g, 'x');
        const response = await server.call(method.toUpperCase(), path, {
          key,
          body: method === 'get' ? undefined : {},
          headers: { origin: SHOP },
        });
        assert.deepEqual(
          [response.status, response.body?.code ?? response.body?.error?.code],
          [401, 'AUTH_REQUIRED'],
          `${method} ${template}`,
        );
        checked += 1;
      }
    }
    assert.ok(checked >= 22, `${checked} routes checked`);
    for (const path of ['/visitors', '/chat']) {
      const response = await server.call('POST', `/widget${path}`, {
        key: secretKey,
        body: { message: 'Hi' },
        headers: { origin: SHOP },
      });
      assert.deepEqual([response.status, response.body.code], [401, 'AUTH_REQUIRED']);
    }
    assert.equal((await widget('POST', '/visitors', { body: {} })).status, 200);
  });

  test('origins: CORS only for the allowed ones; a refusal is readable by the refused page and counted for the key', async () => {
    const { account, widget } = await setup();
    const allowed = await widget('POST', '/visitors', { body: {} });
    assert.equal(allowed.headers.get('access-control-allow-origin'), SHOP);
    for (const origin of ['https://evil.example', null]) {
      const refused = await widget('POST', '/visitors', { body: {}, origin });
      assert.deepEqual([refused.status, refused.body.error.code], [403, 'ORIGIN_NOT_ALLOWED']);
      assert.equal(refused.headers.get('access-control-allow-origin'), origin, 'the refused page may read why');
      assert.equal(refused.headers.get('ratelimit-remaining'), null, 'refused before the rate limit');
    }
    await widget('POST', '/visitors', { body: {}, origin: 'https://evil.example' });
    assert.deepEqual((await refusalsOf(account.id)).sort(), [
      ['origin', null, 1],
      ['origin', 'https://evil.example', 2],
    ]);
  });

  test('the preflight grants only an origin the key named in the URL lists; nothing to any other', async () => {
    const { account, ctx, key, keyId, secretKey } = await setup();
    const preflight = (origin: string, query: string) =>
      fetch(`${server.baseUrl}/api/v1/widget/chat${query}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, x-colloquy-visitor',
        },
      });
    const granted = await preflight(SHOP, `?key=${key}`);
    assert.equal(granted.status, 204);
    assert.equal(granted.headers.get('access-control-allow-origin'), SHOP);
    assert.match(granted.headers.get('access-control-allow-headers') ?? '', /authorization.*x-colloquy-visitor/);
    const other = await createKey(server.deps, account.id, {
      name: 'other site',
      kind: 'publishable',
      allowedAgentIds: [(await server.seedAgent(ctx, 'Other')).id],
      allowedOrigins: ['https://other.example'],
    });
    const refusals: Array<[string, string]> = [
      ['https://evil.example', `?key=${key}`], // not listed by the key
      ['https://other.example', `?key=${key}`], // listed by another key of the account, not this one
      [SHOP, ''], // no key named
      [SHOP, `?key=${other.key}`], // a key that does not list it
      [SHOP, `?key=${secretKey}`], // not a publishable key
      [SHOP, '?key=cq_pub_made-up'],
    ];
    for (const [origin, query] of refusals) {
      const refused = await preflight(origin, query);
      assert.equal(refused.headers.get('access-control-allow-origin'), null, `${origin} ${query}`);
      assert.equal(refused.headers.get('access-control-allow-headers'), null, `${origin} ${query}`);
      assert.equal(refused.headers.get('access-control-allow-methods'), null, `${origin} ${query}`);
    }
    const revoked = await (await consoleOf(account.id))('DELETE', `/accounts/${account.id}/keys/${keyId}`);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    // Key lookups are cached per process; on PostgreSQL a revocation reaches the cache by a
    // notification a moment later.
    let grantedAfterRevoke: string | null = SHOP;
    for (let tries = 0; tries < 40 && grantedAfterRevoke !== null; tries += 1) {
      grantedAfterRevoke = (await preflight(SHOP, `?key=${key}`)).headers.get('access-control-allow-origin');
      if (grantedAfterRevoke !== null) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(grantedAfterRevoke, null, 'a revoked key grants nothing');
  });

  test('GET /widget/access: any page learns whether its origin is allowed for a key, with no preflight', async () => {
    const { account, key } = await setup();
    const check = (origin: string, query: string) =>
      fetch(`${server.baseUrl}/api/v1/widget/access${query}`, { headers: { origin } });
    const allowed = await check(SHOP, `?key=${key}`);
    assert.deepEqual([allowed.status, await allowed.json()], [200, { success: true, origin: SHOP }]);
    const refused = await check('https://evil.example', `?key=${key}`);
    assert.equal(refused.headers.get('access-control-allow-origin'), 'https://evil.example');
    const body = (await refused.json()) as { error: { code: string; message: string } };
    assert.deepEqual([refused.status, body.error.code], [403, 'ORIGIN_NOT_ALLOWED']);
    assert.match(body.error.message, /does not allow pages of https:\/\/evil\.example/);
    const unknown = await check(SHOP, '?key=cq_pub_made-up');
    assert.deepEqual([unknown.status, await unknown.json()], [401, { error: 'Unauthorized', code: 'AUTH_REQUIRED' }]);
    assert.equal((await check(SHOP, '')).status, 400);
    assert.deepEqual(await refusalsOf(account.id), [['origin', 'https://evil.example', 1]]);
  });

  test('a same-origin GET (no Origin, as browsers send it) is judged by the Referer the browser marked same-origin', async () => {
    const { widget, visitor } = await setup();
    const me = await visitor();
    const read = (headers: Record<string, string>) =>
      widget('GET', '/conversation', { origin: null, headers: { ...me, ...headers } });
    const sameOrigin = await read({ 'sec-fetch-site': 'same-origin', referer: `${SHOP}/console/a/acc/agents` });
    assert.deepEqual([sameOrigin.status, sameOrigin.body.messages], [200, []], sameOrigin.text);
    const refusals: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site', referer: `${SHOP}/page` },
      { referer: `${SHOP}/page` },
      { 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'same-origin', referer: 'not a url' },
      { 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of refusals) {
      const refused = await read(headers);
      assert.deepEqual([refused.status, refused.body.error.code], [403, 'ORIGIN_NOT_ALLOWED'], JSON.stringify(headers));
    }
  });

  test('visitors: each reads and continues only their own conversation; made-up ids are refused', async () => {
    const { agent, secretKey, widget, visitor } = await setup();
    const alice = await visitor();
    const bob = await visitor();
    assert.notEqual(alice['x-colloquy-visitor'], bob['x-colloquy-visitor']);
    assert.match(alice['x-colloquy-visitor'], /^[\w-]{22}\.[0-9a-f]{64}$/);

    model.enqueue({ content: ['Returns are free', ' for 30 days.'] });
    const answered = await widget('POST', '/chat', {
      body: { message: 'Are returns free within 30 days?' },
      headers: alice,
    });
    assert.equal(answered.status, 200, answered.text);
    assert.equal(answered.body.reply.content, 'Returns are free for 30 days.');
    assert.equal(answered.body.reply.citations[0].title, 'Returns');
    assert.equal(answered.headers.get('access-control-allow-origin'), SHOP);

    const mine = await widget('GET', '/conversation', { headers: alice });
    assert.deepEqual(mine.body.agent, { id: agent.id, name: 'Shop helper' });
    assert.deepEqual(
      mine.body.messages.map((m: { role: string }) => m.role),
      ['user', 'assistant'],
    );
    assert.deepEqual((await widget('GET', '/conversation', { headers: bob })).body.messages, []);

    const [random] = alice['x-colloquy-visitor'].split('.');
    const forgeries: Array<Record<string, string>> = [
      { 'x-colloquy-visitor': `${random}.${'0'.repeat(64)}` },
      { 'x-colloquy-visitor': random! },
      { 'x-colloquy-visitor': 'alice' },
      {},
    ];
    for (const forged of forgeries) {
      const refused = await widget('GET', '/conversation', { headers: forged });
      assert.deepEqual([refused.status, refused.body.code], [401, 'AUTH_REQUIRED'], JSON.stringify(forged));
    }

    const messageId = answered.body.messageId;
    const rated = await widget('POST', `/messages/${messageId}/feedback`, { body: { rating: 'up' }, headers: alice });
    assert.equal(rated.status, 200, rated.text);
    const notBobs = await widget('POST', `/messages/${messageId}/feedback`, { body: { rating: 'down' }, headers: bob });
    assert.equal(notBobs.status, 404);
    const listed = await server.call(
      'GET',
      `/agents/${agent.id}/conversations/${answered.body.conversationId}/messages`,
      { key: secretKey },
    );
    assert.equal(listed.body.messages[0].feedback.rating, 'up', 'the owner sees the visitor’s feedback');

    // Ids chosen through the API live apart: a chat's userId cannot name a visitor's conversation,
    // though the owner reads it by that reference.
    for (const userId of [`widget-visitor:${random}`, 'widget-user:customer-17']) {
      const refused = await server.call('POST', `/agents/${agent.id}/chat`, {
        key: secretKey,
        body: { message: 'Hello', userId },
      });
      assert.equal(refused.status, 400, `${userId}: ${refused.text}`);
      assert.deepEqual(refused.body.error.list, {
        userId: ['must not start with widget-visitor: or widget-user: (the widget’s own visitors)'],
      });
    }
    const byRef = await server.call('GET', `/agents/${agent.id}/conversations/widget-visitor:${random}/messages`, {
      key: secretKey,
    });
    assert.equal(byRef.body.pagination.totalMessages, 2, byRef.text);
  });

  test('feedback: a comment is optional but never blank, as on POST …/messages/{messageId}/feedback', async () => {
    const { widget, visitor } = await setup();
    const alice = await visitor();
    model.enqueue({ content: ['Returns are free for 30 days.'] });
    const answered = await widget('POST', '/chat', { body: { message: 'Are returns free?' }, headers: alice });
    assert.equal(answered.status, 200, answered.text);
    for (const comment of ['', '   ', '\u200b']) {
      const refused = await widget('POST', `/messages/${answered.body.messageId}/feedback`, {
        body: { rating: 'down', comment },
        headers: alice,
      });
      assert.equal(refused.status, 400, JSON.stringify(comment));
      assert.deepEqual(refused.body, {
        success: false,
        error: {
          code: 'INVALID_BODY',
          message: 'The request is invalid.',
          list: { comment: ['must not be empty or only spaces'] },
        },
      });
    }
    const rated = await widget('POST', `/messages/${answered.body.messageId}/feedback`, {
      body: { rating: 'down', comment: 'Too short' },
      headers: alice,
    });
    assert.equal(rated.status, 200, rated.text);
    assert.equal(rated.body.feedback.comment, 'Too short');
  });

  test('signed user ids: the conversation follows the user; a bad signature reads nothing, says why, and is counted', async () => {
    const { account, identitySecret, widget, visitor } = await setup();
    const signed = {
      'x-colloquy-user': 'customer-17',
      'x-colloquy-user-hash': signUserId(identitySecret, 'customer-17'),
    };
    model.enqueue({ content: ['Hello Ada.'] });
    assert.equal((await widget('POST', '/chat', { body: { message: 'I am Ada' }, headers: signed })).status, 200);
    const elsewhere = await widget('GET', '/conversation', { headers: { ...signed } });
    assert.equal(elsewhere.body.messages.length, 2, 'another device with the same signed id');
    const forgeries: Array<Record<string, string>> = [
      { 'x-colloquy-user': 'customer-17', 'x-colloquy-user-hash': signUserId('wrong secret', 'customer-17') },
      { 'x-colloquy-user': 'customer-17' },
      { 'x-colloquy-user': 'customer-18', 'x-colloquy-user-hash': signed['x-colloquy-user-hash'] },
    ];
    for (const forged of forgeries) {
      const refused = await widget('GET', '/conversation', { headers: forged });
      assert.deepEqual(
        [refused.status, refused.body],
        [401, { error: 'Invalid user hash', code: 'USER_HASH_INVALID' }],
        JSON.stringify(forged),
      );
      assert.equal(refused.headers.get('access-control-allow-origin'), SHOP, 'the page can read the code');
    }
    assert.deepEqual((await widget('GET', '/conversation', { headers: await visitor() })).body.messages, []);
    assert.deepEqual(await refusalsOf(account.id), [['user-hash', SHOP, 3]], 'counted where the owner sees it');
  });

  test('errors, per-visitor rate limit, charges and chat.completed', async () => {
    const { account, widget, visitor, balance } = await setup();
    const alice = await visitor();
    model.enqueue({ content: ['Sure.'] });
    const before = await balance();
    const answered = await widget('POST', '/chat', { body: { message: 'Hello' }, headers: alice });
    assert.equal(answered.status, 200, answered.text);
    assert.equal(await balance(), before - 2, 'charged as a chat');
    model.moderate((input) =>
      input.includes('hurt') ? { flagged: true, categories: ['violence'] } : { flagged: false },
    );
    try {
      const blocked = await widget('POST', '/chat', { body: { message: 'I will hurt you' }, headers: alice });
      assert.deepEqual([blocked.status, blocked.body.error.code], [400, 'CONTENT_BLOCKED']);
    } finally {
      model.moderate({ flagged: false });
    }
    // Events reach clients only as webhook deliveries (test/integration/webhooks.test.ts): read the outbox.
    const events = (await server.deps.store.events.list(account.id, { page: 1, size: 50 })).items;
    assert.deepEqual(
      events
        .filter((e) => e.type === 'chat.failed')
        .map((e) => [e.data.apiKey, (e.data.error as { code: string }).code]),
      [['website', 'CONTENT_BLOCKED']],
    );
    assert.deepEqual(
      events.filter((e) => e.type === 'chat.completed').map((e) => [e.data.apiKey, e.data.conversationId]),
      [['website', answered.body.conversationId]],
    );

    const bob = await visitor();
    let last;
    for (let i = 0; i < VISITOR_REQUESTS_PER_MINUTE; i += 1)
      last = await widget('GET', '/conversation', { headers: bob });
    assert.equal(last!.status, 200);
    // The headers name the tighter of the two limits: the visitor's 20, not the account's.
    assert.deepEqual(
      [last!.headers.get('ratelimit-limit'), last!.headers.get('ratelimit-remaining')],
      [String(VISITOR_REQUESTS_PER_MINUTE), '0'],
    );
    const limited = await widget('GET', '/conversation', { headers: bob });
    assert.deepEqual([limited.status, limited.body.error.code], [429, 'RATE_LIMITED']);
    assert.ok(limited.headers.get('retry-after'));
    assert.deepEqual(
      [limited.headers.get('ratelimit-limit'), limited.headers.get('ratelimit-remaining')],
      [String(VISITOR_REQUESTS_PER_MINUTE), '0'],
      'a 429 does not say that requests are left',
    );
    assert.equal(limited.headers.get('ratelimit-reset'), limited.headers.get('retry-after'));
    assert.equal(limited.headers.get('access-control-allow-origin'), SHOP, 'the widget can read its 429');
    assert.equal(
      (await widget('GET', '/conversation', { headers: alice })).status,
      200,
      'another visitor is not limited',
    );
  });

  test('every error status a widget route answers is one its OpenAPI operation declares (402 with no credits, 404s)', async () => {
    // The scripted model costs 2 credits a chat.
    const { widget, visitor } = await setup(1);
    const carol = await visitor();
    const unknownMessage = await widget('POST', '/messages/msg_nope/feedback', {
      body: { rating: 'up' },
      headers: carol,
    });
    const noConversationYet = await widget('GET', '/conversation/stream', { headers: carol });
    const broke = await widget('POST', '/chat', { body: { message: 'Hello' }, headers: carol });
    assert.deepEqual(
      [broke.status, broke.body],
      [
        402,
        {
          success: false,
          error: { code: 'INSUFFICIENT_CREDITS', message: 'Not enough credits for this request.' },
        },
      ],
    );
    const doc = (await server.call('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method, response] of [
      ['/widget/messages/{messageId}/feedback', 'post', unknownMessage],
      ['/widget/conversation/stream', 'get', noConversationYet],
      ['/widget/chat', 'post', broke],
    ] as const) {
      assert.ok(response.status >= 400, `${path}: ${response.text}`);
      assert.ok(
        doc.paths[path]![method]!.responses[String(response.status)],
        `${method} ${path} declares ${response.status}`,
      );
    }
  });

  test("Talk to a person says when a person will answer: soon, or outside the team's hours when", async () => {
    const { agent, secretKey, widget, visitor } = await setup();
    const soon = await widget('POST', '/handoff', { body: {}, headers: await visitor() });
    assert.equal(soon.status, 200, soon.text);
    assert.equal(soon.body.notice, 'A person will join soon.');
    assert.equal(soon.body.conversation.state, 'people');

    // Only tomorrow (UTC), so never now.
    const tomorrow = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][(new Date().getUTCDay() + 1) % 7];
    const hours = { timeZone: 'UTC', weekly: [{ days: [tomorrow], from: '09:00', to: '17:00' }] };
    const patched = await server.call('PATCH', `/agents/${agent.id}`, { key: secretKey, body: { handoff: { hours } } });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(patched.body.agent.handoff, { enabled: false, hours });
    const headers = await visitor();
    const away = await widget('POST', '/handoff', { body: {}, headers });
    assert.match(
      away.body.notice,
      /^Our team is away right now: a person will answer from \w+day at 09:00 \(UTC\)\. Your conversation waits for them\.$/,
    );
    const held = await widget('POST', '/chat', { body: { message: 'Hello?' }, headers });
    assert.equal(held.status, 200, held.text);
    assert.match(
      held.body.reply.content,
      /^Your message was passed to a person, who will answer here\. Our team is away right now/,
    );
  });
});
