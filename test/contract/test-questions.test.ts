// Over 300 lines: one file per resource's contract; cases are independent.
// Test questions and runs through the real server, on the suite's backend: the whole flow (three
// sources, four questions, a run that passes them, a deleted source that makes the automatic run
// fail its question with `evaluation.regressed` delivered and verified with standardwebhooks),
// debouncing, a large set on the queue, and the input the API refuses.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, UNLIMITED_RATE, type TestServer } from '../support/test-server.ts';
import { createTestClock } from '../support/fixed-clock.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { createTestRunWorker, createWebhookWorker } from '../../src/compose.ts';
import type { DeliveryWorker } from '../../src/workers/delivery-worker.ts';
import type { EvaluationWorker } from '../../src/workers/evaluation-worker.ts';
import { createEndpoint } from '../../src/domain/webhooks/create-endpoint.ts';
import { serveSite } from '../fixtures/site/serve-site.ts';

const QUIET = 30_000;
const clock = createTestClock();
const secrets = new Map<string, string>();
let server: TestServer;
let receiver: Receiver;
let deliveries: DeliveryWorker;
let evaluations: EvaluationWorker;

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

async function seedAgent(name: string) {
  const { account, ctx } = await server.seedAccount('pro');
  const agent = await server.seedAgent(ctx, name);
  const key = await server.seedKey(account.id);
  return { account, ctx, agentId: agent.id, key };
}

async function addSource(agentId: string, key: string, source: { title: string; content: string }): Promise<string> {
  const response = await server.call('POST', `/agents/${agentId}/sources/text`, { key, body: source });
  assert.equal(response.status, 200, response.text);
  return response.body.source.id;
}

describe(`test questions (${TEST_BACKEND})`, () => {
  before(async () => {
    server = await startTestServer({
      clock,
      configFile: {
        ...UNLIMITED_RATE,
        network: { allowPrivateAddresses: true },
        evaluations: { quietMs: QUIET, maxWaitMs: 10 * QUIET },
      },
    });
    receiver = await startReceiver(secrets, { checkTime: false });
    deliveries = createWebhookWorker(server.config, server.deps, undefined, () => 0.5);
    evaluations = createTestRunWorker(server.config, server.deps);
  });
  after(async () => {
    await deliveries.stop();
    await receiver.close();
    await server.close();
  });

  test('a run passes the questions; deleting an expected source re-runs them by itself and sends evaluation.regressed', async () => {
    const { ctx, agentId, key } = await seedAgent('Bakery');
    const hook = await createEndpoint(server.deps, ctx, {
      url: receiver.url('/bakery'),
      events: ['evaluation.completed', 'evaluation.regressed'],
    });
    secrets.set('/bakery', hook.secret);
    const sourceIds = [];
    for (const source of SOURCES) sourceIds.push(await addSource(agentId, key, source));

    const asks = [
      { question: 'When does the bakery open in the morning?', expectedSourceIds: [sourceIds[0]] },
      { question: 'Which day is gluten-free bread baked?', expectedSourceIds: [sourceIds[1]] },
      { question: 'How far ahead must a wedding cake be ordered?', expectedSourceIds: [sourceIds[2]], k: 1 },
      { question: 'What is the torque of a diesel tractor engine?', expectNothing: true },
    ];
    const questions = [];
    for (const ask of asks) {
      const response = await server.call('POST', `/agents/${agentId}/test-questions`, { key, body: ask });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(Object.keys(response.body.testQuestion).sort(), [
        'createdAt',
        'expectNothing',
        'expectedSourceIds',
        'id',
        'k',
        'question',
      ]);
      assert.match(response.body.testQuestion.id, /^tq_/);
      questions.push(response.body.testQuestion);
    }
    assert.equal(questions[0].k, 3, 'k defaults to 3');
    assert.deepEqual(questions[3].expectedSourceIds, null);

    const listed = await server.call('GET', `/agents/${agentId}/test-questions?size=3`, { key });
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.testQuestions.map((q: { id: string }) => q.id),
      [questions[3].id, questions[2].id, questions[1].id],
    );
    assert.deepEqual(listed.body.pagination, {
      totalPages: 2,
      currentPage: 1,
      pagingCounter: 1,
      hasNextPage: true,
      totalTestQuestions: 4,
    });

    const first = await server.call('POST', `/agents/${agentId}/test-runs`, { key });
    assert.equal(first.status, 200, first.text);
    const run = first.body.run;
    assert.equal(run.state, 'completed');
    assert.equal(run.trigger, 'manual');
    assert.deepEqual(
      { passRate: run.passRate, passed: run.passed, failed: run.failed },
      { passRate: 1, passed: 4, failed: 0 },
      JSON.stringify(run.results, null, 1),
    );
    assert.deepEqual(
      run.results.map((r: { questionId: string }) => r.questionId),
      questions.map((q) => q.id),
    );
    for (const [i, result] of run.results.slice(0, 3).entries()) {
      assert.equal(result.rank, 1);
      assert.ok(result.score >= 0.3 && result.score <= 1);
      assert.equal(result.topSources[0].id, sourceIds[i]);
    }
    assert.deepEqual(run.results[3], {
      questionId: questions[3].id,
      question: asks[3]!.question,
      passed: true,
      rank: null,
      score: null,
      topSources: [],
    });
    assert.deepEqual((await server.call('GET', `/agents/${agentId}/test-runs/${run.id}`, { key })).body.run, run);

    // The wedding-cake source goes: the agent's questions run again once its knowledge is quiet.
    assert.equal((await server.call('DELETE', `/agents/${agentId}/sources/${sourceIds[2]}`, { key })).status, 200);
    assert.deepEqual(await evaluations.runOnce(), { automatic: 0, queued: 0 }, 'not quiet yet');
    clock.advance(QUIET);
    assert.deepEqual(await evaluations.runOnce(), { automatic: 1, queued: 0 });
    assert.deepEqual(await evaluations.runOnce(), { automatic: 0, queued: 0 }, 'once');

    const runs = await server.call('GET', `/agents/${agentId}/test-runs`, { key });
    assert.equal(runs.body.pagination.totalRuns, 2);
    const automatic = runs.body.runs[0];
    assert.equal(automatic.trigger, 'knowledge-change');
    assert.deepEqual(
      { passed: automatic.passed, failed: automatic.failed, passRate: automatic.passRate },
      { passed: 3, failed: 1, passRate: 0.75 },
    );
    assert.equal(automatic.results[2].passed, false);

    await deliveries.drain();
    const got = receiver.received
      .filter((d) => d.path === '/bakery')
      .sort((a, b) => a.envelope.id.localeCompare(b.envelope.id));
    assert.deepEqual(
      got.map((d) => d.envelope.type),
      ['evaluation.completed', 'evaluation.completed', 'evaluation.regressed'],
    );
    for (const delivery of got)
      assert.ok(delivery.verified, `${delivery.envelope.type} verifies with standardwebhooks`);
    const agentRef = { id: agentId, name: 'Bakery' };
    assert.deepEqual(got[1]!.envelope.data, {
      agent: agentRef,
      run: { id: automatic.id, trigger: 'knowledge-change', passRate: 0.75, passed: 3, failed: 1 },
    });
    assert.deepEqual(got[2]!.envelope.data, {
      agent: agentRef,
      run: { id: automatic.id, trigger: 'knowledge-change', passRate: 0.75, passed: 3, failed: 1 },
      previousRun: { id: run.id, passed: 4, failed: 0 },
      questions: [{ questionId: questions[2].id, question: asks[2]!.question, rank: null, score: null }],
    });

    assert.equal(
      (await server.call('DELETE', `/agents/${agentId}/test-questions/${questions[0].id}`, { key })).status,
      200,
    );
    const again = await server.call('DELETE', `/agents/${agentId}/test-questions/${questions[0].id}`, { key });
    assert.equal(again.status, 404);
    assert.equal(again.body.error.code, 'TEST_QUESTION_NOT_FOUND');
    const missing = await server.call('GET', `/agents/${agentId}/test-runs/run_missing`, { key });
    assert.equal(missing.body.error.code, 'TEST_RUN_NOT_FOUND');
  });

  test('many knowledge changes in a row make one automatic run', async () => {
    const { agentId, key } = await seedAgent('Busy');
    const sourceId = await addSource(agentId, key, SOURCES[0]!);
    assert.equal(
      (
        await server.call('POST', `/agents/${agentId}/test-questions`, {
          key,
          body: { question: 'When does the bakery open?', expectedSourceIds: [sourceId] },
        })
      ).status,
      200,
    );
    for (let page = 0; page < 12; page++) {
      await addSource(agentId, key, {
        title: `Page ${page}`,
        content: `Notes number ${page} about the delivery van and its routes through town.`,
      });
      clock.advance(QUIET / 3);
      assert.equal((await evaluations.runOnce()).automatic, 0);
    }
    clock.advance(QUIET);
    assert.equal((await evaluations.runOnce()).automatic, 1);
    assert.equal((await evaluations.runOnce()).automatic, 0);
    const runs = await server.call('GET', `/agents/${agentId}/test-runs`, { key });
    assert.equal(runs.body.pagination.totalRuns, 1);
    assert.equal(runs.body.runs[0].passed, 1);
  });

  test('a crawl of a site makes one automatic run, not one per page', async () => {
    const site = await serveSite();
    try {
      const { agentId, key } = await seedAgent('Beekeeper');
      const sourceId = await addSource(agentId, key, SOURCES[0]!);
      assert.equal(
        (
          await server.call('POST', `/agents/${agentId}/test-questions`, {
            key,
            body: { question: 'When does the bakery open?', expectedSourceIds: [sourceId] },
          })
        ).status,
        200,
      );
      const crawl = await server.call('POST', `/agents/${agentId}/sources/website`, {
        key,
        body: { url: `${site.origin}/` },
      });
      assert.equal(crawl.status, 200, crawl.text);
      assert.ok(crawl.body.added.length >= 4, crawl.text);
      assert.equal((await evaluations.runOnce()).automatic, 0);
      clock.advance(QUIET);
      assert.equal((await evaluations.runOnce()).automatic, 1);
      assert.equal((await evaluations.runOnce()).automatic, 0);
      const runs = await server.call('GET', `/agents/${agentId}/test-runs`, { key });
      assert.equal(runs.body.pagination.totalRuns, 1);
      assert.equal(runs.body.runs[0].trigger, 'knowledge-change');
    } finally {
      await site.close();
    }
  });

  test('a large set goes on the queue: 202 with a state to poll until the worker has run it', async () => {
    const { agentId, key } = await seedAgent('Large');
    const sourceId = await addSource(agentId, key, SOURCES[1]!);
    for (let i = 0; i < 26; i++) {
      const response = await server.call('POST', `/agents/${agentId}/test-questions`, {
        key,
        body: { question: `Gluten-free loaves question ${i}?`, expectedSourceIds: [sourceId] },
      });
      assert.equal(response.status, 200, response.text);
    }
    const started = await server.call('POST', `/agents/${agentId}/test-runs`, { key });
    assert.equal(started.status, 202, started.text);
    assert.equal(started.body.run.state, 'queued');
    assert.equal(
      started.headers.get('location'),
      `/api/v1/agents/${agentId}/test-runs/${started.body.run.id}`,
      'a 202 points to the run to poll',
    );
    assert.equal(started.body.run.passRate, null);
    assert.equal(
      (await server.call('GET', `/agents/${agentId}/test-runs/${started.body.run.id}`, { key })).body.run.state,
      'queued',
    );
    assert.deepEqual(await evaluations.runOnce(), { automatic: 0, queued: 1 });
    const done = (await server.call('GET', `/agents/${agentId}/test-runs/${started.body.run.id}`, { key })).body.run;
    assert.equal(done.state, 'completed');
    assert.equal(done.passed + done.failed, 26);
  });

  test('bad input is 400 INVALID_BODY naming the field', async () => {
    const { agentId, key } = await seedAgent('Strict');
    const sourceId = await addSource(agentId, key, SOURCES[0]!);
    const refused = async (body: unknown, field: string) => {
      const response = await server.call('POST', `/agents/${agentId}/test-questions`, { key, body });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.error.code, 'INVALID_BODY');
      assert.ok(Object.keys(response.body.error.list ?? {}).includes(field), `${field} named: ${response.text}`);
    };
    await refused({ expectedSourceIds: [sourceId] }, 'question');
    await refused({ question: '   ', expectedSourceIds: [sourceId] }, 'question');
    await refused({ question: 'When?', expectedSourceIds: [sourceId], expectNothing: true }, 'expectNothing');
    await refused({ question: 'When?' }, 'expectedSourceIds');
    await refused({ question: 'When?', expectedSourceIds: [sourceId, 'src_unknown'] }, 'expectedSourceIds');
    await refused({ question: 'When?', expectedSourceIds: [sourceId], k: 11 }, 'k');
    const other = await seedAgent('Other');
    const theirs = await addSource(other.agentId, other.key, SOURCES[0]!);
    await refused({ question: 'When?', expectedSourceIds: [theirs] }, 'expectedSourceIds');
    assert.equal(
      (await server.call('GET', `/agents/${agentId}/test-questions`, { key })).body.pagination.totalTestQuestions,
      0,
    );
  });

  test("another account's questions and runs are not found, even by id", async () => {
    const mine = await seedAgent('Mine');
    const theirs = await seedAgent('Theirs');
    const sourceId = await addSource(theirs.agentId, theirs.key, SOURCES[0]!);
    const question = (
      await server.call('POST', `/agents/${theirs.agentId}/test-questions`, {
        key: theirs.key,
        body: { question: 'When?', expectedSourceIds: [sourceId] },
      })
    ).body.testQuestion;
    const run = (await server.call('POST', `/agents/${theirs.agentId}/test-runs`, { key: theirs.key })).body.run;
    for (const [method, path] of [
      ['GET', `/agents/${theirs.agentId}/test-questions`],
      ['DELETE', `/agents/${theirs.agentId}/test-questions/${question.id}`],
      ['GET', `/agents/${theirs.agentId}/test-questions/${question.id}`],
      ['GET', `/agents/${theirs.agentId}/test-runs/${run.id}`],
    ] as const) {
      const response = await server.call(method, path, { key: mine.key });
      assert.equal(response.status, 404);
      assert.equal(response.body.error.code, 'AGENT_NOT_FOUND');
    }
    const crossed = await server.call('GET', `/agents/${mine.agentId}/test-runs/${run.id}`, { key: mine.key });
    assert.equal(crossed.body.error.code, 'TEST_RUN_NOT_FOUND');
    const crossDelete = await server.call('DELETE', `/agents/${mine.agentId}/test-questions/${question.id}`, {
      key: mine.key,
    });
    assert.equal(crossDelete.body.error.code, 'TEST_QUESTION_NOT_FOUND');
    const crossGet = await server.call('GET', `/agents/${mine.agentId}/test-questions/${question.id}`, {
      key: mine.key,
    });
    assert.deepEqual([crossGet.status, crossGet.body.error.code], [404, 'TEST_QUESTION_NOT_FOUND']);
  });

  test('a question reads back at its own URL, as POST answered it', async () => {
    const { agentId, key } = await seedAgent('Readable');
    const sourceId = await addSource(agentId, key, SOURCES[0]!);
    const added = await server.call('POST', `/agents/${agentId}/test-questions`, {
      key,
      body: { question: 'When do you open?', expectedSourceIds: [sourceId], k: 2 },
    });
    const read = await server.call('GET', `/agents/${agentId}/test-questions/${added.body.testQuestion.id}`, { key });
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body, { success: true, testQuestion: added.body.testQuestion });
    const missing = await server.call('GET', `/agents/${agentId}/test-questions/tq_missing`, { key });
    assert.deepEqual(missing.body, {
      success: false,
      error: { code: 'TEST_QUESTION_NOT_FOUND', message: 'Test question not found.' },
    });
  });
});
