// A comparison run through the real server, on the suite's backend: the operator configured a
// second embedding model (an OpenAI-compatible server scripted here), a run asks for it, and the
// answer reports both pass rates while the agent's live index, its stored vectors and its
// knowledge version stay as they were.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import {
  startScriptedEmbeddingsServer,
  EMBEDDING_DIMENSION,
  type ScriptedEmbeddingsServer,
} from '../support/scripted-embeddings-server.ts';
import { TEST_BACKEND } from '../support/backend.ts';

const COMPARED = 'bag-of-words-64';
const SOURCES = [
  {
    title: 'Opening hours',
    content:
      'The bakery opens at seven in the morning and closes at six in the evening, Monday to Saturday. On Sundays the shop stays closed.',
  },
  {
    title: 'Gluten-free bread',
    content:
      'Our gluten-free loaves are baked on Thursdays in a separate oven, from buckwheat and rice flour, and sell out by noon.',
  },
  {
    title: 'Wedding cakes',
    content:
      'Wedding cakes are ordered at least six weeks ahead; a tasting appointment with the pastry chef costs twenty euros.',
  },
];

describe(`a test run compared with a second embedding model (${TEST_BACKEND})`, () => {
  let embeddings: ScriptedEmbeddingsServer;
  let server: TestServer;
  let accountId = '';
  let agentId = '';
  let key = '';

  before(async () => {
    embeddings = await startScriptedEmbeddingsServer();
    server = await startTestServer({
      configFile: {
        ...UNLIMITED_RATE,
        evaluations: {
          compareEmbeddings: [
            { provider: 'openai', baseUrl: embeddings.baseUrl(), model: COMPARED, dimension: EMBEDDING_DIMENSION },
          ],
        },
      },
    });
    const { account, ctx } = await server.seedAccount('pro');
    accountId = account.id;
    agentId = (await server.seedAgent(ctx, 'Bakery')).id;
    key = await server.seedKey(account.id);
    const ids: string[] = [];
    for (const source of SOURCES) {
      const added = await server.call('POST', `/agents/${agentId}/sources/text`, { key, body: source });
      assert.equal(added.status, 200, added.text);
      ids.push(added.body.source.id);
    }
    for (const body of [
      { question: 'When does the bakery open on Saturday?', expectedSourceIds: [ids[0]] },
      { question: 'On which day are the gluten-free loaves baked?', expectedSourceIds: [ids[1]] },
      { question: 'How far ahead must a wedding cake be ordered?', expectedSourceIds: [ids[2]] },
      { question: 'What is the torque of a tractor engine?', expectNothing: true },
    ]) {
      const added = await server.call('POST', `/agents/${agentId}/test-questions`, { key, body });
      assert.equal(added.status, 200, added.text);
    }
  });

  after(async () => {
    await server?.close();
    await embeddings?.close();
  });

  test('reports both pass rates and leaves the live index, the stored vectors and the knowledge version untouched', async () => {
    const live = server.deps.embedder.model;
    // The stored vectors and the knowledge version are in no view: they are read from the store.
    const versionBefore = (await server.deps.store.agents.get(accountId, agentId))?.knowledgeVersion;
    const searchBefore = await server.call('POST', `/agents/${agentId}/search`, {
      key,
      body: { query: 'When does the bakery open?' },
    });
    assert.equal(searchBefore.status, 200, searchBefore.text);
    const vectorsBefore = await server.deps.store.chunks.searchable(agentId, live);
    const indexBefore = server.deps.passageIndex.stats();
    embeddings.requests.length = 0;

    const response = await server.call('POST', `/agents/${agentId}/test-runs`, {
      key,
      body: { compareModel: COMPARED },
    });
    assert.equal(response.status, 200, response.text);
    const run = response.body.run;
    assert.equal(run.state, 'completed');
    assert.equal(run.model, live);
    assert.equal(run.passed + run.failed, 4);
    assert.equal(run.passRate, run.passed / 4);
    assert.equal(run.comparison.model, COMPARED);
    assert.equal(run.comparison.passed + run.comparison.failed, 4);
    assert.equal(run.comparison.passRate, run.comparison.passed / 4);
    assert.deepEqual(
      run.comparison.results.map((result: { questionId: string }) => result.questionId),
      run.results.map((result: { questionId: string }) => result.questionId),
      'the same questions, in the same order',
    );
    // Each model's own outcome: the live model answers all four; the crude bag-of-words model,
    // calibrated as any model is, still ranks the opening hours first for their question.
    assert.equal(run.passRate, 1, JSON.stringify(run.results));
    assert.deepEqual(
      run.comparison.results[0].topSources.map((source: { title: string }) => source.title),
      ['Opening hours'],
    );
    assert.equal(run.comparison.results[0].passed, true);
    assert.ok(run.comparison.passRate < run.passRate, JSON.stringify(run.comparison.results));
    // Every passage went to the second model, once, and so did every question.
    const sent = embeddings.requests.flatMap((request) => request.input);
    for (const source of SOURCES)
      assert.equal(sent.filter((text) => text.includes(source.content)).length, 1, `${source.title} embedded once`);
    for (const result of run.results) assert.ok(sent.includes(result.question), `${result.question} embedded`);

    // The live side is as it was: vectors, their model, the index, the knowledge version, search.
    const vectorsAfter = await server.deps.store.chunks.searchable(agentId, live);
    assert.deepEqual(
      vectorsAfter.map((row) => [row.id, Array.from(row.embedding)]),
      vectorsBefore.map((row) => [row.id, Array.from(row.embedding)]),
    );
    assert.deepEqual(
      await server.deps.store.chunks.searchable(agentId, COMPARED),
      [],
      'no passage stored with the second model',
    );
    const indexAfter = server.deps.passageIndex.stats();
    assert.deepEqual(
      [indexAfter.entries, indexAfter.bytes, indexAfter.rebuilds, indexAfter.deltas],
      [indexBefore.entries, indexBefore.bytes, indexBefore.rebuilds, indexBefore.deltas],
    );
    const searchAfter = await server.call('POST', `/agents/${agentId}/search`, {
      key,
      body: { query: 'When does the bakery open?' },
    });
    assert.deepEqual(searchAfter.body, searchBefore.body);
    assert.equal((await server.deps.store.agents.get(accountId, agentId))?.knowledgeVersion, versionBefore);

    // The comparison is kept with the run.
    const stored = await server.call('GET', `/agents/${agentId}/test-runs/${run.id}`, { key });
    assert.deepEqual(stored.body.run.comparison, run.comparison);
  });

  test('a second comparison for the same knowledge version embeds only the questions; a change embeds the passages again', async () => {
    embeddings.requests.length = 0;
    const again = await server.call('POST', `/agents/${agentId}/test-runs`, { key, body: { compareModel: COMPARED } });
    assert.equal(again.status, 200, again.text);
    const sent = embeddings.requests.flatMap((request) => request.input);
    for (const source of SOURCES)
      assert.ok(!sent.some((text) => text.includes(source.content)), `${source.title} not embedded again`);
    for (const result of again.body.run.results)
      assert.ok(sent.includes(result.question), `${result.question} embedded`);
    assert.equal(again.body.run.comparison.passRate, again.body.run.comparison.passed / 4);

    // A new source moves the knowledge version: the kept index is no longer current.
    const added = await server.call('POST', `/agents/${agentId}/sources/text`, {
      key,
      body: { title: 'Parking', content: 'Customers may park for free behind the bakery for up to thirty minutes.' },
    });
    assert.equal(added.status, 200, added.text);
    embeddings.requests.length = 0;
    const afterChange = await server.call('POST', `/agents/${agentId}/test-runs`, {
      key,
      body: { compareModel: COMPARED },
    });
    assert.equal(afterChange.status, 200, afterChange.text);
    const resent = embeddings.requests.flatMap((request) => request.input);
    for (const source of SOURCES)
      assert.equal(resent.filter((text) => text.includes(source.content)).length, 1, `${source.title} embedded again`);
    assert.ok(resent.some((text) => text.includes('park for free')));
    const deleted = await server.call('DELETE', `/agents/${agentId}/sources/${added.body.source.id}`, { key });
    assert.equal(deleted.status, 200, deleted.text);
  });

  test('a model the operator did not configure, or the live one, is 400 INVALID_BODY naming compareModel', async () => {
    for (const compareModel of ['text-embedding-3-large', server.deps.embedder.model]) {
      const response = await server.call('POST', `/agents/${agentId}/test-runs`, { key, body: { compareModel } });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.error.code, 'INVALID_BODY');
      assert.deepEqual(response.body.error.list, { compareModel: [`must be one of: ${COMPARED}`] });
    }
  });
});
