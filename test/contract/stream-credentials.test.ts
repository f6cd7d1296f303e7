// A follow stream ends soon after the key or console session that opened it stops authenticating:
// a key revoked through the admin API, a key reaching its expiry, a publishable key revoked under
// an open widget, a console session signed out, a member removed from the account. It ends as a
// failed stream does: a final error frame (the error a new request would get), then the end
// marker. Streams of other keys go on.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  scriptedModelConfig,
  startScriptedModelServer,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import { openStream, type OpenStream } from '../support/sse-stream.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';
import { createKey } from '../../src/domain/keys/create-key.ts';
import { REAUTHENTICATE_MS } from '../../src/http/stream-authentication.ts';

const SHOP = 'https://shop.example';
/** The longest a stream may outlive its credentials: one re-check interval, and some slack. */
const WITHIN_MS = REAUTHENTICATE_MS + 2_000;

describe(`streams end when their credentials lapse (${TEST_BACKEND})`, () => {
  let model: ScriptedModelServer;
  let server: TestServer;
  let admin: AdminClient;

  before(async () => {
    model = await startScriptedModelServer();
    server = await startTestServer({ configFile: scriptedModelConfig(model.baseUrl) });
    admin = adminClient(server);
  });
  after(async () => {
    await server.close();
    await model.close();
  });

  /** An account with an agent, a console owner, and the conversation of user `eve`. */
  async function setup(email: string) {
    const { account, ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx);
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted' });
    const key = await createKey(server.deps, account.id, { name: 'inbox bridge' });
    model.enqueue({ content: ['Hello from the agent.'] });
    const first = await server.call('POST', `/agents/${agent.id}/chat`, {
      key: key.key,
      body: { message: 'Hello', userId: 'eve' },
    });
    assert.equal(first.status, 200, first.text);
    await admin.addUser(account.id, email);
    const owner = admin.as(await admin.signIn(email));
    const follow = async (withKey: string) => {
      const stream = await openStream(`${server.baseUrl}/api/v1/agents/${agent.id}/conversations/eve/stream`, {
        authorization: `Bearer ${withKey}`,
      });
      assert.equal(stream.response.status, 200);
      assert.equal((await stream.next()).success, true);
      return stream;
    };
    return { account, agent, key, owner, follow };
  }

  /** The stream's next frames are `error` as a failure frame and the end marker, soon. */
  async function assertEndsWith(stream: OpenStream, error: { code: string; message: string }, since: number) {
    assert.deepEqual(await stream.next(WITHIN_MS), { success: false, error });
    assert.equal(await stream.next(1_000), 'end');
    assert.ok(Date.now() - since < WITHIN_MS, `${Date.now() - since} ms`);
  }

  test('a key revoked through the admin API ends its follow stream; a stream of another key goes on', async () => {
    const { account, agent, key, owner, follow } = await setup('revoker@example.com');
    const other = await server.seedKey(account.id, { name: 'still valid' });
    const revokedStream = await follow(key.key);
    const otherStream = await follow(other);

    const revoked = await owner('DELETE', `/accounts/${account.id}/keys/${key.record.id}`);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    await assertEndsWith(revokedStream, { code: 'AUTH_REQUIRED', message: 'A valid API key is required.' }, Date.now());
    assert.equal((await server.call('GET', '/validate', { key: key.key })).status, 401);

    const handedOff = await server.call('POST', `/agents/${agent.id}/conversations/eve/handoff`, { key: other });
    assert.equal(handedOff.status, 200, handedOff.text);
    assert.equal((await otherStream.next(2_000)).conversation.state, 'people');
    otherStream.close();
  });

  test('a key that reaches its expiry ends its follow stream with KEY_EXPIRED', async () => {
    const { account, follow } = await setup('expiry@example.com');
    const expiresAt = Date.now() + 1_500;
    const { key } = await createKey(server.deps, account.id, { name: 'short-lived', expiresAt });
    const stream = await follow(key);
    await assertEndsWith(stream, { code: 'KEY_EXPIRED', message: 'This API key has expired.' }, expiresAt);
  });

  test("a publishable key revoked under an open widget ends the visitor's stream", async () => {
    const { account, agent, owner } = await setup('widget@example.com');
    const widgetKey = await createKey(server.deps, account.id, {
      name: 'website',
      kind: 'publishable',
      allowedAgentIds: [agent.id],
      allowedOrigins: [SHOP],
    });
    const headers = { authorization: `Bearer ${widgetKey.key}`, origin: SHOP };
    const issued = await server.call('POST', '/widget/visitors', { key: widgetKey.key, headers, body: {} });
    assert.equal(issued.status, 200, issued.text);
    const visitor = { ...headers, 'x-colloquy-visitor': issued.body.visitorId as string };
    const handoff = await server.call('POST', '/widget/handoff', { key: widgetKey.key, headers: visitor, body: {} });
    assert.equal(handoff.status, 200, handoff.text);
    const stream = await openStream(`${server.baseUrl}/api/v1/widget/conversation/stream`, visitor);
    assert.equal(stream.response.status, 200);
    assert.equal((await stream.next()).conversation.state, 'people');

    assert.equal((await owner('DELETE', `/accounts/${account.id}/keys/${widgetKey.record.id}`)).status, 200);
    await assertEndsWith(stream, { code: 'AUTH_REQUIRED', message: 'A valid API key is required.' }, Date.now());
  });

  test("signing out, or being removed from the account, ends a console's follow stream", async () => {
    const { account, agent } = await setup('console@example.com');
    await admin.addUser(account.id, 'mate@example.com', 'teammate');
    const url = `${server.baseUrl}/api/admin/v1/accounts/${account.id}/agents/${agent.id}/conversations/eve/stream`;
    const follow = async (email: string) => {
      const session = await admin.signIn(email);
      const stream = await openStream(url, { cookie: session.cookie });
      assert.equal(stream.response.status, 200);
      assert.equal((await stream.next()).success, true);
      return { session, stream };
    };
    const owner = await follow('console@example.com');
    const mate = await follow('mate@example.com');

    const members = await admin.as(owner.session)('GET', `/accounts/${account.id}/members`);
    const mateId = members.body.members.find((member: { email: string }) => member.email === 'mate@example.com').id;
    const removed = await admin.as(await admin.signIn('console@example.com'))(
      'DELETE',
      `/accounts/${account.id}/members/${mateId}`,
    );
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.equal((await admin.as(owner.session)('DELETE', '/session')).status, 200);
    const since = Date.now();
    await Promise.all([
      assertEndsWith(mate.stream, { code: 'NOT_FOUND', message: 'Account not found.' }, since),
      assertEndsWith(owner.stream, { code: 'AUTH_REQUIRED', message: 'The session has ended; sign in again.' }, since),
    ]);
  });
});
