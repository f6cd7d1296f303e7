// Over 300 lines: the PostgreSQL and the Redis outages share one set of load, set-up and log helpers.
// Dependency outages under load, against the real server process: a PostgreSQL restart (its own
// private server, never the suite's) and Redis going away. The process must survive, answer
// 503 SERVICE_UNAVAILABLE with Retry-After (never 500) while the database is away, and serve
// again as soon as it is back. No assertion measures time: each waits for the event it is about
// (the database answering again), so a loaded 2-core machine passes or fails as an idle one does.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runCli, startServerProcess, type ServerProcess } from '../support/processes.ts';
import pg from 'pg';
import { createPostgresDatabase, TEST_BACKEND } from '../support/backend.ts';
import {
  privatePostgresMissing,
  privateRedisMissing,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from '../support/private-services.ts';

const UNLIMITED = { plans: { business: { requestsPerMinute: 1_000_000 } } };

interface Answer {
  op: string;
  status: number;
  retryAfter: string | null;
  code?: string;
  ms: number;
}

type Op = (base: string, key: string, agentId: string) => Promise<Response>;

const OPS: Record<string, Op> = {
  validate: (base, key) => fetch(`${base}/api/v1/validate`, { headers: { authorization: `Bearer ${key}` } }),
  search: (base, key, agentId) =>
    fetch(`${base}/api/v1/agents/${agentId}/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'when are boats stored?' }),
    }),
  chat: (base, key, agentId) =>
    fetch(`${base}/api/v1/agents/${agentId}/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'When are boats stored?' }),
    }),
  upload: (base, key, agentId) => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([`Boats are stored from November to March. Note ${Math.random()}.`], { type: 'text/plain' }),
      'boats.txt',
    );
    return fetch(`${base}/api/v1/agents/${agentId}/sources/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
  },
};

/** `workers` loops sending the four kinds of request in turn until `stop()`. */
function startLoad(base: string, key: string, agentId: string, workers: number) {
  const answers: Answer[] = [];
  let running = true;
  const names = Object.keys(OPS);
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; running; i += 1) {
      const op = names[i % names.length] as string;
      const started = performance.now();
      try {
        const response = await (OPS[op] as Op)(base, key, agentId);
        const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
        answers.push({
          op,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          code: body.error?.code,
          ms: performance.now() - started,
        });
      } catch {
        answers.push({ op, status: 0, retryAfter: null, ms: performance.now() - started });
      }
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function setUp(env: Record<string, string>): Promise<{ key: string; agentId: string }> {
  const quick = await runCli(['quickstart', '--plan', 'business'], env);
  assert.equal(quick.code, 0, quick.stderr);
  return { key: quick.json.key.key, agentId: quick.json.agent.id };
}

function configDir(): { dir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-outage-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify(UNLIMITED));
  return { dir, env: { DATA_DIR: dir, COLLOQUY_CONFIG: join(dir, 'config.json'), LOG_LEVEL: 'warn' } };
}

/** The server's pool (openPostgresStore's default): each of its connections can be broken by a
 * restart and fail its one query before the pool drops it; nothing else may fail once it is back. */
const POOL_CONNECTIONS = 10;

/** Resolves once the database answers a query of the test's own: the event "PostgreSQL is back". */
async function databaseAnswers(url: string): Promise<void> {
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

const pgMissing = TEST_BACKEND !== 'postgres' ? 'runs in the PostgreSQL pass' : privatePostgresMissing();

describe('a PostgreSQL restart under load', { skip: pgMissing ?? false }, () => {
  let postgres: PrivatePostgres;
  let server: ServerProcess;
  let dropDatabase: () => Promise<void>;
  let dir: string;
  let env: Record<string, string>;

  before(async () => {
    postgres = await startPrivatePostgres();
    const database = await createPostgresDatabase(postgres.url);
    dropDatabase = database.drop;
    ({ dir, env } = configDir());
    env.DATABASE_URL = database.url;
    server = await startServerProcess(env);
  });

  after(async () => {
    await server?.stop('SIGKILL');
    await dropDatabase?.().catch(() => {});
    postgres?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the process survives, answers 503 with Retry-After meanwhile, and serves again as soon as the database is back', async (t) => {
    const { key, agentId } = await setUp(env);
    const warm = await OPS.upload!(server.baseUrl, key, agentId);
    assert.equal(warm.status, 200, await warm.text());
    for (let round = 0; round < 2; round += 1) {
      const load = startLoad(server.baseUrl, key, agentId, 12);
      await new Promise((resolve) => setTimeout(resolve, 600));
      postgres.restart(round === 0 ? 'fast' : 'immediate');
      await databaseAnswers(postgres.url);
      // Serving again as soon as it is back, however slow the machine: no back-off, no pool left
      // broken. The requests that may still fail are those given a connection the restart cut.
      const refusedAfterReturn: number[] = [];
      for (;;) {
        const response = await OPS.validate!(server.baseUrl, key, agentId);
        await response.arrayBuffer();
        if (response.status === 200) break;
        refusedAfterReturn.push(response.status);
        assert.equal(response.status, 503, 'a request given a cut connection is refused cleanly');
        assert.ok(
          refusedAfterReturn.length <= POOL_CONNECTIONS,
          `still refused (${refusedAfterReturn.join(', ')}) after the database was back: more than its broken connections`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      await load.stop();
      assert.equal(server.child.exitCode, null, `the server process is alive: ${server.output().slice(-2000)}`);
      assert.equal(server.child.signalCode, null);
      const failed = load.answers.filter((a) => a.status !== 200);
      const counts = Object.fromEntries(
        [...new Set(load.answers.map((a) => `${a.op} ${a.status}`))].map((k) => [
          k,
          load.answers.filter((a) => `${a.op} ${a.status}` === k).length,
        ]),
      );
      t.diagnostic(
        `round ${round}: ${load.answers.length} requests ${JSON.stringify(counts)}; ${refusedAfterReturn.length} refused once the database answered again`,
      );
      for (const answer of failed) {
        assert.equal(
          answer.status,
          503,
          `${answer.op} failed cleanly (503), not ${answer.status} ${answer.code ?? ''}`,
        );
        assert.equal(answer.code, 'SERVICE_UNAVAILABLE');
        assert.match(answer.retryAfter ?? '', /^\d+$/, 'a 503 says when to come back');
      }
      for (const op of Object.keys(OPS)) {
        const response = await OPS[op]!(server.baseUrl, key, agentId);
        assert.equal(response.status, 200, `${op} after the restart: ${await response.text()}`);
        await response.arrayBuffer().catch(() => {});
      }
    }
    assert.doesNotMatch(server.output(), /Unhandled 'error' event|"level":50.*unhandled error/);
  });
});

/** Waits for a line of the server's log (its event, not a time), failing after a generous bound. */
async function logged(server: ServerProcess, line: RegExp): Promise<void> {
  for (let waited = 0; !line.test(server.output()); waited += 50) {
    assert.ok(waited < 30_000, `no line ${line} in: ${server.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const redisMissing = privateRedisMissing();

describe('Redis (the shared rate limiter) going away', { skip: redisMissing ?? false }, () => {
  let redis: PrivateRedis;
  let server: ServerProcess;
  let cleanup: () => Promise<void>;
  let env: Record<string, string>;

  before(async () => {
    redis = await startPrivateRedis();
    const config = configDir();
    // At info: the line saying Redis answers again is an info line.
    env = { ...config.env, REDIS_URL: redis.url, LOG_LEVEL: 'info' };
    let dropDatabase = async () => {};
    if (TEST_BACKEND === 'postgres') {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    server = await startServerProcess(env);
    cleanup = async () => {
      await dropDatabase();
      rmSync(config.dir, { recursive: true, force: true });
    };
  });

  after(async () => {
    await server?.stop('SIGKILL');
    redis?.destroy();
    await cleanup?.();
  });

  // That no request waits on a Redis that is down (no time-out, no reconnection) is
  // src/rate-limit/redis-rate-limiter.test.ts's, with the timers stopped; here: all are served while
  // it is away (each awaited before it returns), and the process lives on.
  test('requests are served without waiting on it, and the process never exits', async (t) => {
    const { key, agentId } = await setUp(env);
    const timed = async () => {
      const started = performance.now();
      const response = await OPS.validate!(server.baseUrl, key, agentId);
      await response.arrayBuffer();
      return {
        status: response.status,
        ms: performance.now() - started,
        limit: response.headers.get('ratelimit-limit'),
      };
    };
    assert.equal((await timed()).status, 200);
    redis.stop();
    const during = [];
    for (let i = 0; i < 20; i += 1) during.push(await timed());
    assert.equal(server.child.exitCode, null, 'alive with Redis down');
    assert.deepEqual(
      [...new Set(during.map((a) => a.status))],
      [200],
      'served while Redis is down (counted in memory)',
    );
    const slowest = Math.max(...during.map((a) => a.ms));
    t.diagnostic(`with Redis down: slowest of 20 requests ${slowest.toFixed(0)} ms`);

    const unreachable =
      /"level":40,.*"msg":"Redis \(REDIS_URL\) is unreachable: each process counts rate limits in its own memory until it is back"/;
    await logged(server, unreachable);
    redis.start();
    await new Promise((resolve) => setTimeout(resolve, 700));
    const afterwards = await timed();
    assert.equal(afterwards.status, 200);
    assert.equal(server.child.exitCode, null, 'alive after Redis returned');
    const back = /"level":30,.*"msg":"Redis \(REDIS_URL\) answers again: rate limits are shared again"/;
    await logged(server, back);
    // Once per process (a node of several HTTP workers logs it in each), not once per reconnection attempt.
    const pids = server
      .output()
      .split('\n')
      .flatMap((line) => (unreachable.test(line) ? [JSON.parse(line).pid] : []));
    assert.equal(pids.length, new Set(pids).size, 'one line for the outage in each process');
  });

  test('a Redis unreachable at start is logged, and the server serves all the same', async () => {
    const alone = await startServerProcess({ ...env, REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const { key, agentId } = await setUp(env);
      assert.equal((await OPS.validate!(alone.baseUrl, key, agentId)).status, 200);
      await logged(alone, /"level":40,.*"msg":"Redis \(REDIS_URL\) is unreachable/);
    } finally {
      await alone.stop('SIGKILL');
    }
  });
});
