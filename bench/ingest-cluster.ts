// Part of `npm run bench -- ingest` (with BENCH_DATABASE_URL, a PostgreSQL URL whose user may
// CREATE DATABASE): passages indexed per second through the pg-boss ingestion queue with 1, then
// 2 (and BENCH_INGEST_NODES, default 2) consuming processes of one embedding worker each, fed by a
// front process that runs no jobs. Every process is a single process (server.workers 1): on
// PostgreSQL a node's default is one HTTP worker per core, each consuming jobs, which would make
// "one consuming process" as many as the machine has cores. Each round gets a fresh database; the
// model is warmed up in every consumer before the clock starts. Prints passages/s, the ratio to one
// process, CPU seconds of the consumers (process tree, worker threads included), of the front and
// of the round's PostgreSQL backends, what the rest of the machine used meanwhile, and where each
// job's time went.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runCli, startServerProcess, type ServerProcess } from '../test/support/processes.ts';
import { createPostgresDatabase } from '../test/support/backend.ts';
import { cpuSince, cpuSnapshot, machineBusySeconds, processRssBytes, processTree } from './process-cpu.ts';
import { describeJobTimes, readJobTimes } from './ingest-timeline.ts';

/** One job per file: enough files that each consumer runs several, a multiple of 2 and 3. */
const FILES = Number(process.env.BENCH_INGEST_FILES ?? 12);
const PASSAGES_PER_FILE = 16;
const PROBES = 5;
/** Consuming nodes with the default settings (one HTTP worker per core, each with its embedder and
 * jobs) instead of single processes with one embedding thread. */
const DEFAULT_NODES = process.env.BENCH_INGEST_DEFAULT_NODES === '1';
/** A busy machine loads a process slowly. */
const START_TIMEOUT_MS = 90_000;

async function upload(front: ServerProcess, key: string, agentId: string, name: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const response = await fetch(`${front.baseUrl}/api/v1/agents/${agentId}/sources/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
}

/** CPU seconds in the timed part. */
interface RoundCpu {
  consumers: number[];
  front: number;
  postgres: number;
  /** Every process on the machine, ours and others'. */
  machine: number;
}

interface RoundResult {
  passages: number;
  seconds: number;
  cpu: RoundCpu;
  /** Jobs each consuming process ran in the timed part. */
  jobs: number[];
  /** Resident memory of each consuming process tree at the end of the timed part. */
  rss: number[];
  timeline: string;
  /** One upload at a time to idle consumers: the queue's own latency. */
  probe: string;
}

async function backendPids(db: pg.Client): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows.map((row) => row.pid);
}

async function round(adminUrl: string, consumers: number, passages: string[]): Promise<RoundResult> {
  const database = await createPostgresDatabase(adminUrl);
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-bench-ingest-'));
  const nodes: ServerProcess[] = [];
  const db = new pg.Client({ connectionString: database.url });
  try {
    // `asDefault`: a consuming node as `npm start` runs it (BENCH_INGEST_DEFAULT_NODES=1).
    const write = (name: string, workers: number, asDefault = false) => {
      const config = {
        ...(!asDefault && { server: { workers: 1 } }),
        plans: { business: { requestsPerMinute: 1_000_000 } },
        embeddings: asDefault ? { provider: 'local' } : { provider: 'local', workers: 1 },
        moderation: { provider: 'none' },
        // The front holds an extraction place per upload until its answer: room for the whole round.
        extraction: { workers: 1, queue: FILES * 2 },
        ...(!asDefault && { ingestion: { workers } }),
      };
      writeFileSync(join(dir, name), JSON.stringify(config));
      const env = { DATA_DIR: dir, DATABASE_URL: database.url, COLLOQUY_CONFIG: join(dir, name), LOG_LEVEL: 'warn' };
      return asDefault ? { ...env, WORKERS: undefined } : env;
    };
    const frontEnv = write('front.json', 0);
    const backEnv = write('back.json', 1, DEFAULT_NODES);
    const quick = await runCli(['quickstart', '--plan', 'business'], frontEnv);
    if (quick.code !== 0) throw new Error(quick.stderr);
    const key = quick.json.key.key as string;
    const agentId = quick.json.agent.id as string;
    const front = await startServerProcess(frontEnv, undefined, { startTimeoutMs: START_TIMEOUT_MS });
    nodes.push(front);
    for (let i = 0; i < consumers; i += 1)
      nodes.push(await startServerProcess(backEnv, undefined, { startTimeoutMs: START_TIMEOUT_MS }));
    await db.connect();
    // Warm-up: uploads of a round's file size until every consumer has loaded its model and
    // embedded full batches (the model's first batches of a size run slower).
    const consumingProcesses = DEFAULT_NODES ? consumers * availableParallelism() : consumers;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const warmText = (i: number) =>
        passages
          .slice(0, PASSAGES_PER_FILE)
          .map((text) => `${text} (warm-up ${attempt}.${i})`)
          .join('\n\n');
      await Promise.all(
        Array.from({ length: consumingProcesses * 2 }, (_, i) =>
          upload(front, key, agentId, `warm-${attempt}-${i}.txt`, warmText(i)),
        ),
      );
      const workers = await db.query("SELECT DISTINCT worker FROM ingest_jobs WHERE state = 'stored'");
      if ((workers.rowCount ?? 0) >= consumingProcesses) break;
    }
    const before = Number((await db.query('SELECT count(*)::int AS n FROM chunks')).rows[0].n);
    const consumerTrees = nodes.slice(1).map((node) => processTree(node.child.pid as number));
    const frontTree = processTree(front.child.pid as number);
    const backendsBefore = await backendPids(db);
    const snapshot = cpuSnapshot([...consumerTrees.flat(), ...frontTree, ...backendsBefore]);
    const machineBefore = machineBusySeconds();
    const startedAt = Date.now();
    await Promise.all(
      Array.from({ length: FILES }, (_, f) =>
        upload(
          front,
          key,
          agentId,
          `bench-${f}.txt`,
          passages.slice(f * PASSAGES_PER_FILE, (f + 1) * PASSAGES_PER_FILE).join('\n\n'),
        ),
      ),
    );
    const endedAt = Date.now();
    const machine = machineBusySeconds() - machineBefore;
    const backends = [...new Set([...backendsBefore, ...(await backendPids(db))])];
    const cpu = {
      consumers: consumerTrees.map((tree) => cpuSince(snapshot, tree)),
      front: cpuSince(snapshot, frontTree),
      postgres: cpuSince(snapshot, backends),
      machine,
    };
    const consumerRss = consumerTrees.map((tree) => sum(tree.map(processRssBytes)));
    const after = Number((await db.query('SELECT count(*)::int AS n FROM chunks')).rows[0].n);
    const times = await readJobTimes(db, 'bench-');
    const perWorker = new Map<string, number>();
    for (const job of times) perWorker.set(job.worker, (perWorker.get(job.worker) ?? 0) + 1);
    return {
      passages: after - before,
      seconds: (endedAt - startedAt) / 1000,
      cpu,
      jobs: [...perWorker.values()],
      rss: consumerRss,
      timeline: describeJobTimes(times, startedAt, endedAt),
      probe: await probe(db, front, key, agentId, passages),
    };
  } finally {
    await db.end().catch(() => {});
    await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
    await database.drop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads of one passage, one at a time, once the round's jobs are done: the consumers are idle,
 * so the answer time is the queue's latency (NOTIFY to the consumer, claim, embed, store, NOTIFY
 * back) plus one passage's embedding. */
async function probe(
  db: pg.Client,
  front: ServerProcess,
  key: string,
  agentId: string,
  passages: string[],
): Promise<string> {
  const answers: number[] = [];
  for (let i = 0; i < PROBES; i += 1) {
    const started = performance.now();
    // Text no source holds yet: a file already stored is answered without a job.
    await upload(front, key, agentId, `probe-${i}.txt`, `${passages[i] as string} (probe ${i})`);
    answers.push(performance.now() - started);
  }
  const times = await readJobTimes(db, 'probe-');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const ms = (values: number[]) => `${Math.round(median(values))} ms`;
  return (
    `  idle consumers, ${PROBES} one-passage uploads one at a time: answered in ${ms(answers)} (median); sent→fetched ${ms(times.map((job) => job.fetched - job.sent))}, ` +
    `fetched→embedded ${ms(times.map((job) => job.embedded - job.fetched))}, embedded→stored ${ms(times.map((job) => job.stored - job.embedded))}`
  );
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export async function benchIngestCluster(passages: string[]): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log(
      'ingestion queue across processes: skipped (set BENCH_DATABASE_URL to a PostgreSQL URL whose user may CREATE DATABASE)',
    );
    return;
  }
  const most = Math.max(2, Number(process.env.BENCH_INGEST_NODES ?? 2));
  const texts = Array.from({ length: FILES * PASSAGES_PER_FILE }, (_, i) => passages[i % passages.length] as string);
  const cores = availableParallelism();
  let single = { rate: 0, perCpu: 0 };
  for (let consumers = 1; consumers <= most; consumers += 1) {
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    const result = await round(adminUrl, consumers, texts);
    const rate = result.passages / result.seconds;
    const consumerCpu = sum(result.cpu.consumers);
    const perCpu = result.passages / consumerCpu;
    if (consumers === 1) single = { rate, perCpu };
    const ours = consumerCpu + result.cpu.front + result.cpu.postgres;
    console.log(
      `ingestion queue, ${consumers} consuming ${DEFAULT_NODES ? `node${consumers > 1 ? 's' : ''} (default settings` : `process${consumers > 1 ? 'es' : ''} (1 embedding worker each`}; load average before ${load}, ${cores} cores): ` +
        `${result.passages} passages in ${result.seconds.toFixed(1)} s → ${rate.toFixed(1)} passages/s, ${(rate / consumers).toFixed(1)} per process, ×${(rate / single.rate).toFixed(2)} one process; jobs per consuming process ${result.jobs.join('/')}; RSS per consumer ${result.rss.map((bytes) => `${Math.round(bytes / 1048576)} MB`).join('/')}\n` +
        `  CPU s: consumers ${result.cpu.consumers.map((value) => value.toFixed(1)).join('+')} → ${perCpu.toFixed(1)} passages per consumer CPU second (×${(perCpu / single.perCpu).toFixed(2)} one process), ` +
        `the consumers got ${(consumerCpu / result.seconds).toFixed(2)} cores on average; front ${result.cpu.front.toFixed(1)}, PostgreSQL ${result.cpu.postgres.toFixed(1)}, rest of the machine ${Math.max(0, result.cpu.machine - ours).toFixed(1)} ` +
        `(machine busy ${result.cpu.machine.toFixed(1)} of ${(result.seconds * cores).toFixed(1)} core-seconds)\n${result.timeline}\n${result.probe}`,
    );
  }
}
