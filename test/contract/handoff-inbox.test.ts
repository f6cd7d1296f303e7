// The console's inbox through the admin API: conversations with people with their agent, unread
// count and assignee; the transcript with the agent's earlier answer and its sources; "assign to
// me", a reply and resolve; a viewer reads all of it and changes nothing (403 READ_ONLY_MEMBER on
// every change, checked by the server, not only hidden by the console); another account's is 404.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { adminClient, type AdminClient } from '../support/admin-client.ts';
import { TEST_BACKEND } from '../support/backend.ts';

describe(`handoff inbox in the admin API (${TEST_BACKEND})`, () => {
  let server: TestServer;
  let admin: AdminClient;

  before(async () => {
    server = await startTestServer();
    admin = adminClient(server);
  });
  after(async () => {
    await server.close();
  });

  async function setup() {
    const { account, ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx, 'Harbour desk');
    const key = await server.seedKey(account.id);
    const added = await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: { title: 'Opening hours', content: 'The boatyard opens at 9 in the morning and closes at 5.' },
    });
    assert.equal(added.status, 200, added.text);
    const answered = await server.call('POST', `/agents/${agent.id}/chat`, {
      key,
      body: { message: 'When does the boatyard open?', userId: 'ada' },
    });
    assert.equal(answered.status, 200, answered.text);
    const handed = await server.call('POST', `/agents/${agent.id}/conversations/ada/handoff`, {
      key,
      body: { reason: 'Wants a quote' },
    });
    assert.equal(handed.status, 200, handed.text);
    for (const message of ['Hello?', 'Anyone there?'])
      assert.equal(
        (await server.call('POST', `/agents/${agent.id}/chat`, { key, body: { message, userId: 'ada' } })).status,
        200,
      );
    const users: Record<'owner' | 'teammate' | 'viewer', ReturnType<AdminClient['as']>> = {} as never;
    for (const role of ['owner', 'teammate', 'viewer'] as const) {
      const email = `${role}-${account.id}@example.com`.toLowerCase();
      await admin.addUser(account.id, email, role);
      users[role] = admin.as(await admin.signIn(email));
    }
    const conversationId: string = answered.body.conversationId;
    const base = `/accounts/${account.id}/agents/${agent.id}/conversations/${conversationId}`;
    return { account, agent, conversationId, base, users, sourceId: added.body.source.id as string };
  }

  test('the inbox lists it with its agent, unread count and assignee; the transcript has the answer and its sources', async () => {
    const { account, agent, conversationId, base, users, sourceId } = await setup();
    const inbox = await users.owner('GET', `/accounts/${account.id}/inbox`);
    assert.equal(inbox.status, 200, JSON.stringify(inbox.body));
    assert.equal(inbox.body.conversations.length, 1);
    const [entry] = inbox.body.conversations;
    assert.equal(entry.id, conversationId);
    assert.deepEqual(entry.agent, { id: agent.id, name: 'Harbour desk' });
    assert.equal(entry.unread, 2);
    assert.equal(entry.assignee, null);
    assert.equal(entry.state, 'people');
    assert.equal(entry.handoff.reason, 'Wants a quote');

    const transcript = await users.owner('GET', `${base}/transcript`);
    assert.equal(transcript.status, 200, JSON.stringify(transcript.body));
    const messages = transcript.body.messages;
    assert.deepEqual(
      messages.map((m: { role: string }) => m.role),
      ['user', 'assistant', 'user', 'user'],
    );
    assert.equal(messages[0].content, 'When does the boatyard open?');
    assert.deepEqual(messages[1].sources, [{ sourceId, type: 'text', title: 'Opening hours' }]);
    assert.equal(messages[2].sources, undefined);
    assert.equal(transcript.body.conversation.unread, 2);

    // Someone else's name is refused saying what is accepted, not "is not one of the accepted forms".
    const named = await users.owner('POST', `${base}/assign`, { assignee: 'grace@example.com' });
    assert.equal(named.status, 400);
    assert.deepEqual(named.body.error.list, { assignee: ['must be one of: me, null'] });
    const taken = await users.owner('POST', `${base}/assign`, { assignee: 'me' });
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
    assert.equal(taken.body.conversation.assignee, `owner-${account.id}@example.com`.toLowerCase());
    const replied = await users.teammate('POST', `${base}/messages`, {
      content: 'Hi Ada, Grace here.',
      authorName: 'Grace',
    });
    assert.equal(replied.status, 200, JSON.stringify(replied.body));
    const after = (await users.owner('GET', `/accounts/${account.id}/inbox`)).body.conversations[0];
    assert.equal(after.unread, 0, 'a person answered');
    assert.equal(after.assignee, `owner-${account.id}@example.com`.toLowerCase());
    const released = await users.owner('POST', `${base}/assign`, { assignee: null });
    assert.equal(released.body.conversation.assignee, null);

    const resolved = await users.owner('POST', `${base}/handoff/resolve`);
    assert.equal(resolved.status, 200, JSON.stringify(resolved.body));
    assert.deepEqual((await users.owner('GET', `/accounts/${account.id}/inbox`)).body.conversations, []);
    const late = await users.owner('POST', `${base}/assign`, { assignee: 'me' });
    assert.deepEqual([late.status, late.body.error.code], [409, 'CONVERSATION_NOT_WITH_PEOPLE']);
  });

  test('a viewer reads the inbox and the transcript but cannot reply, assign, resolve or change anything', async () => {
    const { account, agent, conversationId, base, users } = await setup();
    assert.equal((await users.viewer('GET', `/accounts/${account.id}/inbox`)).status, 200);
    assert.equal((await users.viewer('GET', `${base}/transcript`)).status, 200);
    assert.equal((await users.viewer('GET', `${base}/messages`)).status, 200);
    const changes: Array<[string, string, unknown]> = [
      ['POST', `${base}/messages`, { content: 'I am only a viewer', authorName: 'Vic' }],
      ['POST', `${base}/assign`, { assignee: 'me' }],
      ['POST', `${base}/handoff/resolve`, undefined],
      ['POST', `${base}/handoff`, undefined],
      ['PATCH', `/accounts/${account.id}/agents/${agent.id}`, { handoff: { enabled: true } }],
      ['POST', `/accounts/${account.id}/agents/${agent.id}/chat`, { message: 'Hi' }],
    ];
    for (const [method, path, body] of changes) {
      const refused = await users.viewer(method, path, body);
      assert.deepEqual(
        [refused.status, refused.body?.error?.code],
        [403, 'READ_ONLY_MEMBER'],
        `${method} ${path}: ${JSON.stringify(refused.body)}`,
      );
    }
    const transcript = await users.owner('GET', `${base}/transcript`);
    assert.equal(transcript.body.messages.length, 4, 'no reply stored');
    assert.equal(transcript.body.conversation.state, 'people');
    assert.equal(transcript.body.conversation.assignee, null);
    assert.equal(transcript.body.conversation.id, conversationId);
  });

  test("another account's member gets 404 for the inbox, the transcript and assign", async () => {
    const { base, account } = await setup();
    const other = await setup();
    for (const [method, path, body] of [
      ['GET', `/accounts/${account.id}/inbox`, undefined],
      ['GET', `${base}/transcript`, undefined],
      ['POST', `${base}/assign`, { assignee: 'me' }],
      ['POST', `${base}/messages`, { content: 'x', authorName: 'y' }],
    ] as const) {
      const refused = await other.users.owner(method, path, body);
      assert.equal(refused.status, 404, `${method} ${path}`);
    }
  });
});
