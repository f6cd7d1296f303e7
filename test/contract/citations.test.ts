// Citations on POST /agents/{id}/chat: opt-in with "citations": true (JSON reply and the SSE final
// frame), built from the passages chat grounding received; without the flag, every body and frame
// is what it was, byte for byte.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  startScriptedModelServer,
  scriptedModelConfig,
  type ScriptedModelServer,
} from '../support/scripted-model-server.ts';
import { updateAgent } from '../../src/domain/agents/update-agent.ts';

/** Ids differ between two requests; everything else must not. */
const withoutIds = (text: string) => text.replace(/(conv|msg)_[0-9A-Za-z]+/g, '$1_ID');

describe('chat citations', () => {
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

  async function setup() {
    const { account, ctx } = await server.seedAccount('starter', 100);
    const agent = await server.seedAgent(ctx);
    await updateAgent(server.deps, ctx, agent.id, { model: 'scripted' });
    const key = await server.seedKey(account.id);
    const text = await server.call('POST', `/agents/${agent.id}/sources/text`, {
      key,
      body: { title: 'Moorings', content: 'Visitor moorings cost 30 euros a night at the east pontoon.' },
    });
    const form = new FormData();
    form.append(
      'file',
      new Blob(['Winter storage of boats costs 40 euros a week in the heated hall.']),
      'price-list.txt',
    );
    const file = await fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/sources/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    assert.equal(file.status, 200);
    const fileId = ((await file.json()) as { source: { id: string } }).source.id;
    const chat = (body: object) => server.call('POST', `/agents/${agent.id}/chat`, { key, body });
    const stream = async (body: object) => {
      const response = await fetch(`${server.baseUrl}/api/v1/agents/${agent.id}/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, stream: true }),
      });
      return response.text();
    };
    return { agent, key, chat, stream, textId: text.body.source.id as string, fileId };
  }

  test('JSON: reply.citations with the grounding passages, best first; flagless bodies unchanged', async () => {
    const { chat, textId, fileId } = await setup();
    const replies = [];
    for (const citations of [undefined, false, true]) {
      model.enqueue({ content: ['Thirty euros', ' a night.'] });
      replies.push(
        await chat({
          message: 'How much do visitor moorings cost a night?',
          ...(citations !== undefined && { citations }),
        }),
      );
    }
    const [plain, off, on] = replies as [(typeof replies)[0], (typeof replies)[0], (typeof replies)[0]];
    assert.equal(
      plain.text,
      `{"success":true,"reply":{"content":"Thirty euros a night."},"finish_reason":"stop","conversationId":"${plain.body.conversationId}","messageId":"${plain.body.messageId}","usage":{"credits":2}}`,
    );
    assert.equal(withoutIds(off.text), withoutIds(plain.text));

    const citations = on.body.reply.citations;
    assert.ok(citations.length >= 1);
    assert.deepEqual(
      { ...citations[0], score: 'x' },
      {
        sourceId: textId,
        type: 'text',
        title: 'Moorings',
        quote: 'Visitor moorings cost 30 euros a night at the east pontoon.',
        score: 'x',
      },
    );
    assert.ok(citations[0].score > 0 && citations[0].score <= 1);
    for (let i = 1; i < citations.length; i += 1) assert.ok(citations[i - 1].score >= citations[i].score, 'best first');
    const fromFile = citations.find((c: { sourceId: string }) => c.sourceId === fileId);
    if (fromFile) assert.equal(fromFile.fileName, 'price-list.txt');
    const { citations: _dropped, ...reply } = on.body.reply;
    assert.equal(
      withoutIds(JSON.stringify({ ...on.body, reply })),
      withoutIds(plain.text),
      'the flag adds reply.citations and nothing else',
    );

    const sent = model.requests.at(-1)!.body.messages[0].content as string;
    for (const citation of citations)
      assert.ok(sent.includes(citation.quote), 'each citation is a passage the model was given');

    model.enqueue({ content: ['It is 40 euros.'] });
    const storage = await chat({ message: 'What does winter storage of boats cost per week?', citations: true });
    const top = storage.body.reply.citations[0];
    assert.deepEqual(
      [top.sourceId, top.type, top.title, top.fileName, top.url],
      [fileId, 'file', 'price-list.txt', 'price-list.txt', undefined],
    );

    model.enqueue({ content: ['No idea.'] });
    const nothing = await chat({ message: 'Zebra quantum xylophone?', citations: true });
    assert.deepEqual(nothing.body.reply.citations, []);
  });

  test('SSE: the final frame carries the citations; the flagless transcript is unchanged byte for byte', async () => {
    const { stream } = await setup();
    const transcripts = [];
    for (const citations of [undefined, false, true]) {
      model.enqueue({ content: ['Thirty', ' euros.'] });
      transcripts.push(
        await stream({
          message: 'How much do visitor moorings cost a night?',
          ...(citations !== undefined && { citations }),
        }),
      );
    }
    const [plain, off, on] = transcripts as [string, string, string];
    const [, conversationId, messageId] = /"conversationId":"(conv_\w+)","messageId":"(msg_\w+)"/.exec(plain)!;
    assert.equal(
      plain,
      `data: {"success":true,"conversationId":"${conversationId}","messageId":"${messageId}"}\n\n` +
        'data: {"delta":{"reply":{"content":"Thirty"}}}\n\n' +
        'data: {"delta":{"reply":{"content":" euros."}}}\n\n' +
        `data: {"delta":{"finish_reason":"stop"},"usage":{"credits":2},"conversationId":"${conversationId}","messageId":"${messageId}"}\n\n` +
        'data:\n\n',
    );
    assert.equal(withoutIds(off), withoutIds(plain));

    const frames = on.split('\n\n').filter(Boolean);
    const final = JSON.parse(frames.at(-2)!.replace(/^data: /, ''));
    assert.equal(final.citations[0].title, 'Moorings');
    const { citations: _dropped, ...rest } = final;
    const rebuilt = [...frames.slice(0, -2), `data: ${JSON.stringify(rest)}`, frames.at(-1)].join('\n\n') + '\n\n';
    assert.equal(withoutIds(rebuilt), withoutIds(plain), 'only the final frame differs, by its citations');
  });

  test('the OpenAPI document shows the flag and reply.citations', async () => {
    const doc = (await server.call('GET', '/openapi.json')).body;
    const chat = doc.paths['/agents/{agentId}/chat'].post;
    assert.equal(chat.requestBody.content['application/json'].schema.properties.citations.type, 'boolean');
    const reply = chat.responses['200'].content['application/json'].schema.properties.reply;
    assert.deepEqual(reply.properties.citations.items.required, ['sourceId', 'type', 'title', 'quote', 'score']);
  });
});
