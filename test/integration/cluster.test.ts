// Over 300 lines: one cluster (nginx, three nodes, PostgreSQL, Redis) is started once for every case.
// Three Colloquy nodes behind a real nginx (Debian's, running deploy/nginx.conf) on one private
// PostgreSQL and one private Redis: what a client sees of a cluster. The rate limit is exact
// wherever requests land, knowledge and conversations are shared at once, chat streams pass the
// proxy frame by frame, webhooks go out once, and a node killed in the middle of streams and an
// upload costs the client nothing and loses nothing while the other two keep serving.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEFAULT_PLANS } from '../../src/config-defaults.ts';
import { TEST_BACKEND } from '../support/backend.ts';
import { runCli } from '../support/processes.ts';
import {
  privatePostgresMissing,
  privateRedisMissing,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from '../support/private-services.ts';
import { startScriptedModelServer, type ScriptedModelServer } from '../support/scripted-model-server.ts';
import { startScriptedEmbeddingsServer, type ScriptedEmbeddingsServer } from '../support/scripted-embeddings-server.ts';
import { startReceiver, type Receiver } from '../support/webhook-receiver.ts';
import { DEPLOY_NGINX_CONF, nginxMissing, startNginx, type PrivateNginx } from '../support/nginx.ts';
import { CHAT_CREDITS, createCluster, readFrames, type Cluster, type StreamOutcome } from '../support/cluster.ts';

const skip =
  TEST_BACKEND !== 'postgres'
    ? 'runs in the PostgreSQL pass (COLLOQUY_TEST_BACKEND=postgres)'
    : (privatePostgresMissing() ?? privateRedisMissing() ?? nginxMissing());
/** Test-only: which node answered (the deploy config has no such header). */
const UPSTREAM_HEADER = 'x-colloquy-upstream';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API answers

describe('three nodes behind nginx on one PostgreSQL and Redis', { skip: skip ?? false }, () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let model: ScriptedModelServer;
  let embeddings: ScriptedEmbeddingsServer;
  let receiver: Receiver;
  let cluster: Cluster;
  let nginx: PrivateNginx;
  const secrets = new Map<string, string>();
  let key: string;
  let agentId: string;
  /** Made while the nodes start (the CLI is slow on a busy machine): two free accounts, an IP-restricted key. */
  let free: Array<{ key: { key: string } }>;
  let restrictedKey: string;
  let revocable: { id: string; key: string };

  /** A request to `base` (nginx or one node) with the business key. */
  const call = (base: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (base: string, path: string, body?: unknown): Promise<Json> => {
    const response = await call(base, path, body);
    const answer = (await response.json()) as Json;
    assert.equal(response.status, 200, `${path} through ${base}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const search = async (base: string, query: string) =>
    (await json(base, `/agents/${agentId}/search`, { query })).results as Json[];
  const balance = async () => (await json(nginx.url, '/usage')).balance.credits as number;

  before(async () => {
    [postgres, redis, model, embeddings, receiver] = await Promise.all([
      startPrivatePostgres(),
      startPrivateRedis(),
      startScriptedModelServer(),
      startScriptedEmbeddingsServer(),
      startReceiver(secrets),
    ]);
    cluster = await createCluster({
      postgresUrl: postgres.url,
      redisUrl: redis.url,
      embeddings,
      modelUrl: model.baseUrl,
      // The killed node's job is found by the others after its heartbeat runs out: looked for every
      // second, not every 5 (the default), and retried at once.
      extra: { ingestion: { superviseSeconds: 1, retryDelaySeconds: 0, pollSeconds: 0.5 } },
    });
    ({ key, agentId } = cluster.business);
    // One node after another: three starting at once on a busy 2-core machine can pass the start time-out.
    const startNodes = async () => {
      for (let i = 0; i < 3; i += 1) await cluster.start(1);
    };
    const cli = (...args: string[]) => runCli(args, cluster.env);
    const { accountId } = cluster.business;
    const [endpoint, restricted, freeA, freeB, second] = await Promise.all([
      cli('webhooks', 'create', '--account', accountId, '--url', receiver.url('/hooks')),
      cli('keys', 'create', '--account', accountId, '--name', 'office only', '--ips', '203.0.113.7'),
      cli('quickstart', '--plan', 'free'),
      cli('quickstart', '--plan', 'free'),
      cli('keys', 'create', '--account', accountId, '--name', 'to revoke'),
      startNodes(),
    ]);
    for (const done of [endpoint, restricted, freeA, freeB, second]) assert.equal(done.code, 0, done.stderr);
    revocable = { id: second.json.id, key: second.json.key };
    restrictedKey = restricted.json.key;
    free = [freeA.json, freeB.json];
    secrets.set('/hooks', endpoint.json.secret);
    nginx = await startNginx(cluster.addresses(), [`add_header X-Colloquy-Upstream $upstream_addr always;`]);
    const patched = await fetch(`${nginx.url}/api/v1/agents/${agentId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'scripted' }),
    });
    assert.equal(patched.status, 200, await patched.text());
  });

  after(async () => {
    if (process.env.CLUSTER_DEBUG) console.log(cluster.nodes.map((n) => n.output()).join('\n----\n'));
    await nginx?.stop();
    await cluster?.stop();
    await Promise.all([model?.close(), embeddings?.close(), receiver?.close()]);
    redis?.destroy();
    postgres?.destroy();
  });

  test('the proxy runs deploy/nginx.conf as shipped: only the upstream servers and the listen address differ', () => {
    const shipped = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
    const strip = (text: string) =>
      text
        .split('\n')
        .filter((line) => !/^\s*(server \S+:\d+ |listen |add_header X-Colloquy-Upstream)/.test(line))
        .join('\n');
    assert.equal(strip(nginx.site), strip(shipped));
    const setting = (name: string) => new RegExp(`^\\s*${name} ([^;]+);`, 'm').exec(shipped)?.[1];
    assert.equal(setting('proxy_buffering'), 'off', 'SSE frames are not held back');
    assert.equal(setting('proxy_http_version'), '1.1');
    assert.equal(setting('proxy_set_header X-Forwarded-For'), '$proxy_add_x_forwarded_for');
    const megabytes = Number(/^(\d+)m$/.exec(setting('client_max_body_size') ?? '')?.[1]);
    const largestUpload = Math.max(...Object.values(DEFAULT_PLANS).map((plan) => plan.storageLimit));
    assert.ok(
      megabytes * 1024 * 1024 >= largestUpload + 1_000_000,
      `client_max_body_size ${megabytes}m takes the largest plan's upload (${largestUpload} bytes) and its form`,
    );
    assert.ok(
      Number(/^(\d+)s$/.exec(setting('proxy_read_timeout') ?? '')?.[1]) >= 300,
      'uploads and crawls answer after indexing: minutes',
    );
  });

  test('the rate limit is exact across nodes: the 11th request of a free account in its minute is 429 wherever it lands', async () => {
    const [sequential, burst] = free as [{ key: { key: string } }, { key: { key: string } }];
    const validate = async (freeKey: string) => {
      const response = await fetch(`${nginx.url}/api/v1/validate`, { headers: { authorization: `Bearer ${freeKey}` } });
      await response.arrayBuffer();
      const header = (name: string) => response.headers.get(name);
      return {
        status: response.status,
        node: header(UPSTREAM_HEADER),
        limit: header('ratelimit-limit'),
        remaining: Number(header('ratelimit-remaining')),
        resetsAt: Date.now() + Number(header('ratelimit-reset')) * 1000,
      };
    };
    const answers = [];
    for (let i = 0; i < 13; i += 1) answers.push(await validate(sequential.key.key));
    assert.deepEqual(
      answers.map((a) => a.status),
      [...Array(10).fill(200), 429, 429, 429],
    );
    assert.deepEqual(
      answers.map((a) => a.remaining),
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0],
      'RateLimit-Remaining counts down across nodes',
    );
    assert.deepEqual([...new Set(answers.map((a) => a.limit))], ['10']);
    assert.equal(new Set(answers.map((a) => a.node)).size, 3, 'the requests went to all three nodes');
    assert.equal(new Set(answers.slice(10).map((a) => a.node)).size, 3, 'every node refuses the 11th and later');
    const resets = answers.map((a) => a.resetsAt);
    assert.ok(
      Math.max(...resets) - Math.min(...resets) <= 2_000,
      `one window on every node: RateLimit-Reset agrees (${resets.join(', ')})`,
    );
    // Fifteen at once, from one key: exactly ten get through.
    const concurrent = await Promise.all(Array.from({ length: 15 }, () => validate(burst.key.key)));
    assert.deepEqual(
      [concurrent.filter((a) => a.status === 200).length, concurrent.filter((a) => a.status === 429).length],
      [10, 5],
    );
  });

  test('knowledge added through one node is searchable through the others at once, and a deletion too', async () => {
    const [a, b, c] = cluster.nodes.map((node) => node.baseUrl) as [string, string, string];
    const query = 'harbour crane lifts boats';
    // Every node has this agent's index cached before the change.
    for (const base of [a, b, c])
      assert.equal(
        (await search(base, query)).some((r) => /crane/.test(r.content)),
        false,
      );
    const added = await json(a, `/agents/${agentId}/sources/text`, {
      title: 'Harbour crane',
      content: 'The harbour crane lifts the boats out of the water every Tuesday at dawn.',
    });
    for (const base of [a, b, c, nginx.url, nginx.url, nginx.url]) {
      const results = await search(base, query);
      assert.match(
        results[0]?.content ?? '',
        /crane lifts the boats/,
        `found through ${base} right after the add: ${JSON.stringify(results)}`,
      );
    }
    const deleted = await fetch(`${b}/api/v1/agents/${agentId}/sources/${added.source.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${key}` },
    });
    assert.equal(deleted.status, 200);
    for (const base of [a, c])
      assert.equal(
        (await search(base, query)).some((r) => /crane/.test(r.content)),
        false,
        `gone through ${base} right after the delete`,
      );
  });

  test('a conversation continued across the three nodes keeps its order', async () => {
    model.enqueue({ content: ['Reply one.'] }, { content: ['Reply two.'] }, { content: ['Reply three.'] });
    const seen = model.requests.length;
    let conversationId: string | undefined;
    const nodes = [];
    for (const n of [1, 2, 3]) {
      const response = await call(nginx.url, `/agents/${agentId}/chat`, {
        message: `Question ${n}?`,
        ...(conversationId && { conversationId }),
      });
      const answer = (await response.json()) as Json;
      assert.equal(response.status, 200, JSON.stringify(answer));
      conversationId ??= answer.conversationId;
      assert.equal(answer.conversationId, conversationId);
      nodes.push(response.headers.get(UPSTREAM_HEADER));
    }
    assert.equal(new Set(nodes).size, 3, `one turn on each node: ${nodes.join(', ')}`);
    // The third node's model call carried the history the other two stored.
    const prompt = (model.requests[seen + 2]?.body.messages as Json[])
      .filter((m) => m.role !== 'system')
      .map((m) => `${m.role}: ${m.content}`);
    assert.deepEqual(prompt.slice(-5), [
      'user: Question 1?',
      'assistant: Reply one.',
      'user: Question 2?',
      'assistant: Reply two.',
      'user: Question 3?',
    ]);
    for (const node of cluster.nodes) {
      const listed = await json(node.baseUrl, `/agents/${agentId}/conversations/${conversationId}/messages`);
      assert.deepEqual(listed.messages.map((m: Json) => m.content).reverse(), [
        'Question 1?',
        'Reply one.',
        'Question 2?',
        'Reply two.',
        'Question 3?',
        'Reply three.',
      ]);
    }
  });

  test('a chat stream passes the proxy frame by frame, as the model sends it', async () => {
    model.enqueue({ content: ['One.', ' Two.', ' Three.', ' Four.', ' Five.'], chunkDelayMs: 400 });
    const started = performance.now();
    const response = await call(
      nginx.url,
      `/agents/${agentId}/chat`,
      { message: 'Count slowly.', stream: true },
      { accept: 'text/event-stream' },
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const outcome = await readFrames(response);
    const content = outcome.frames.filter((f) => f.data?.delta?.reply?.content);
    assert.equal(content.map((f) => f.data?.delta.reply.content).join(''), 'One. Two. Three. Four. Five.');
    // The model sends a fragment every 400 ms: buffered, they would all arrive together at the end.
    const gaps = content.slice(1).map((frame, i) => frame.at - (content[i] as { at: number }).at);
    const firstMs = (content[0]?.at ?? Infinity) - started;
    const totalMs = outcome.endedAt - started;
    const shown = `gaps ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`;
    assert.ok(gaps.filter((gap) => gap < 150).length <= 1, `each fragment arrives when the model sends it (${shown})`);
    assert.ok(
      (content.at(-1)?.at ?? 0) - (content[0]?.at ?? 0) >= 1_000,
      `the fragments are spread over the reply's time (${shown})`,
    );
    assert.ok(
      firstMs < totalMs - 1_200,
      `the first fragment (${firstMs.toFixed(0)} ms) well before the end (${totalMs.toFixed(0)} ms)`,
    );
    assert.equal(outcome.ending, 'end-marker');
  });

  test('X-Forwarded-For from the proxy gives the client address to a key restricted by IP', async () => {
    const validate = (forwardedFor?: string) =>
      fetch(`${nginx.url}/api/v1/validate`, {
        headers: { authorization: `Bearer ${restrictedKey}`, ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
      });
    assert.equal((await validate('203.0.113.7')).status, 200);
    const refused = await validate();
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as Json).error.code, 'IP_NOT_ALLOWED');
  });

  test('a revoked key is refused by every node within a second', async (t) => {
    const validate = (base: string) =>
      fetch(`${base}/api/v1/validate`, { headers: { authorization: `Bearer ${revocable.key}` } }).then(
        async (r) => (await r.arrayBuffer(), r.status),
      );
    // Every node has just accepted it (and may have it cached).
    for (const node of cluster.nodes) assert.equal(await validate(node.baseUrl), 200);
    const revoked = await runCli(['keys', 'revoke', revocable.id], cluster.env);
    assert.equal(revoked.code, 0, revoked.stderr);
    const since = performance.now();
    const refusedAfter = await Promise.all(
      cluster.nodes.map(async (node) => {
        while (performance.now() - since < 3_000) {
          if ((await validate(node.baseUrl)) === 401) return performance.now() - since;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return Infinity;
      }),
    );
    t.diagnostic(`refused after ${refusedAfter.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    assert.ok(
      refusedAfter.every((ms) => ms < 1_000),
      `every node refuses it within a second (${refusedAfter.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
    );
  });

  test('webhooks: events made on three nodes are delivered once each', async () => {
    const titles = Array.from({ length: 12 }, (_, i) => `Webhook note ${i}`);
    await Promise.all(
      titles.map((title) =>
        json(nginx.url, `/agents/${agentId}/sources/text`, {
          title,
          content: `${title}: delivered once by whichever node claims it.`,
        }),
      ),
    );
    const arrived = () =>
      receiver.received.filter(
        (d) => d.envelope.type === 'source.added' && titles.includes(d.envelope.data.source as string),
      );
    const deadline = Date.now() + 15_000;
    while (arrived().length < titles.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // Time for a second sender to repeat anything.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.deepEqual(
      arrived()
        .map((d) => d.envelope.data.source)
        .sort(),
      [...titles].sort(),
      'each source.added once',
    );
    const ids = receiver.received.map((d) => d.webhookId);
    assert.equal(new Set(ids).size, ids.length, 'no webhook-id delivered twice');
    assert.ok(receiver.received.every((d) => d.verified));
    const types = new Set(receiver.received.map((d) => d.envelope.type));
    for (const type of ['agent.updated', 'source.added', 'source.deleted', 'chat.completed'])
      assert.ok(types.has(type), `${type} delivered`);
  });

  test('a node killed during streams and an upload: its clients see the failure, nothing is charged or stored twice, the others serve on', async (t) => {
    const before = await balance();
    // An upload held in the middle of its embedding: the node doing it is the one killed.
    const text = 'The zeppelin hangar inventory lists ropes, ballast and a spare gondola.\n'.repeat(20);
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/plain' }), 'zeppelin.txt');
      return fetch(`${nginx.url}/api/v1/agents/${agentId}/sources/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
    };
    const held = embeddings.hold((request) => request.input.some((passage) => passage.includes('zeppelin')));
    const interrupted = upload().then(
      async (response) => ({ status: response.status, body: await response.text() }),
      (error: Error) => ({ status: 0, body: error.message }),
    );
    const victim = Number((await held.arrived).caller.replace('node-', ''));
    const victimAddress = cluster.addresses()[victim];

    // Six slow streams, two on each node (round robin), all begun before the kill.
    const STREAMS = 6;
    model.enqueue(
      ...Array.from({ length: STREAMS }, () => ({
        content: ['Part', ' two', ' three', ' four', ' five', ' six'],
        chunkDelayMs: 500,
      })),
    );
    const firstContent: Array<Promise<void>> = [];
    const streams = Array.from({ length: STREAMS }, async (_, i) => {
      let began = () => {};
      firstContent.push(new Promise<void>((resolve) => (began = resolve)));
      const response = await call(nginx.url, `/agents/${agentId}/chat`, {
        message: `Stream ${i}?`,
        userId: `stream-${i}`,
        stream: true,
      });
      const node = response.headers.get(UPSTREAM_HEADER);
      const outcome: StreamOutcome = await readFrames(
        response,
        (frame) => frame.data?.delta?.reply?.content && began(),
      );
      began();
      const finished = outcome.frames.find((f) => f.data?.delta?.finish_reason);
      return { i, node, outcome, finishedAt: finished?.at ?? null, credits: finished?.data?.usage?.credits };
    });
    await Promise.all(firstContent);
    const killedAt = performance.now();
    await cluster.nodes[victim]!.stop('SIGKILL');
    held.release();

    // The node doing the embedding died: the upload fails (502 from nginx, or the connection cut),
    // or, where another node takes the job over, it succeeds. Never a 4xx, never a hang.
    const cut = await interrupted;
    assert.ok(
      cut.status === 0 || cut.status === 200 || cut.status >= 500,
      `the interrupted upload: ${cut.status} ${cut.body.slice(0, 100)}`,
    );
    const results = await Promise.all(streams);
    // On a busy machine a stream may finish before the kill: it then counts as finished.
    const unfinished = results.filter((r) => r.finishedAt === null);
    const finished = results.filter((r) => r.finishedAt !== null);
    assert.ok(unfinished.length >= 1, 'streams were open on the killed node when it died');
    for (const { outcome, i, node } of unfinished) {
      assert.equal(node, victimAddress, `stream ${i} without a finish was on the killed node`);
      const last = outcome.frames.filter((f) => f.data).at(-1)?.data;
      assert.ok(
        last?.error || outcome.ending !== 'end-marker',
        `stream ${i}: a failure frame or a cut/closed stream, never a clean end`,
      );
      assert.ok(
        outcome.endedAt - killedAt < 5_000,
        `stream ${i} ended ${(outcome.endedAt - killedAt).toFixed(0)} ms after the kill`,
      );
    }
    for (const { outcome, i, node, finishedAt, credits } of finished) {
      assert.equal(credits, CHAT_CREDITS, `stream ${i} finished and was charged`);
      assert.equal(outcome.ending, 'end-marker');
      if (node === victimAddress)
        assert.ok((finishedAt as number) < killedAt, `stream ${i} on the killed node finished before the kill`);
    }
    assert.equal(
      Math.round((before - (await balance())) * 1000),
      finished.length * CHAT_CREDITS * 1000,
      'charged for the finished replies only',
    );
    for (const { i, finishedAt } of results) {
      const listed = await json(nginx.url, `/agents/${agentId}/conversations/stream-${i}/messages`).catch(() => ({
        messages: [],
      }));
      assert.equal(
        listed.messages.length,
        finishedAt === null ? 0 : 2,
        `stream ${i}: ${finishedAt === null ? 'nothing stored for the unfinished reply' : 'question and reply stored'}`,
      );
    }

    // The other two keep serving: nginx sends the dead node's share to them.
    const validated = await Promise.all(
      Array.from({ length: 9 }, () => call(nginx.url, '/validate').then((r) => r.status)),
    );
    assert.deepEqual([...new Set(validated)], [200]);
    // A client whose upload failed sends it again: stored once, searchable on both live nodes.
    if (cut.status !== 200) {
      const retried = await upload();
      assert.equal(retried.status, 200, await retried.text());
    }
    const sources = (await json(nginx.url, `/agents/${agentId}/sources?size=100`)).sources as Json[];
    assert.equal(sources.filter((s) => s.title === 'zeppelin.txt').length, 1, 'the file is stored once');
    for (const node of cluster.nodes.filter((_, n) => n !== victim))
      assert.match((await search(node.baseUrl, 'zeppelin hangar inventory'))[0]?.source.title ?? '', /zeppelin/);
    // Storage: every stored source counted once; the one documented gap (docs/operations.md) is the
    // reservation a killed upload keeps.
    const agent = (await json(nginx.url, `/agents/${agentId}`)).agent as Json;
    const chars = (text: string) => [...text].length;
    const stored = sources.reduce(
      (sum, s) => sum + (s.type === 'file' ? s.size : chars(s.title) + chars(s.content ?? '')),
      0,
    );
    assert.ok(
      [stored, stored + Buffer.byteLength(text)].includes(agent.storage.used),
      `storage.used ${agent.storage.used}: the sources' ${stored}, plus at most the killed upload's reservation`,
    );
    t.diagnostic(
      `killed node ${victim}: ${unfinished.length} streams cut (${unfinished.map((r) => r.outcome.ending).join(', ')}), ${finished.length} finished; upload answered ${cut.status}; storage.used ${agent.storage.used}, sources ${stored}`,
    );
  });
});
