// Part of `npm run bench -- ingest` (with BENCH_DATABASE_URL, a PostgreSQL URL whose user may
// CREATE DATABASE): passages indexed per second through the pg-boss ingestion queue with 1, then
// 2 (and BENCH_INGEST_NODES, default 2) consuming processes of one embedding worker each, fed by a
// front process that runs no jobs. Each round gets a fresh database; the model is warmed up in
// every consumer before the clock starts. Prints passages/s, per consumer, and the ratio to one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runCli, startServerProcess, type ServerProcess } from '../test/support/processes.ts';
import { createPostgresDatabase } from '../test/support/backend.ts';

const FILES = 6;
const PASSAGES_PER_FILE = 16;
/** A busy machine loads a process slowly. */
const START_TIMEOUT_MS = 90_000;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function upload(front: ServerProcess, key: string, agentId: string, name: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const response = await fetch(`${front.baseUrl}/api/v1/agents/${agentId}/sources/files`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  if (response.status !== 200) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
}

/** One round: a front node and `consumers` consuming nodes on a fresh database. */
interface RoundResult {
  passages: number;
  seconds: number;
  /** CPU seconds the consuming processes used in the timed part. */
  cpu: number;
  /** Jobs each consuming process ran in the timed part. */
  jobs: number[];
}

async function round(adminUrl: string, consumers: number, passages: string[]): Promise<RoundResult> {
  const database = await createPostgresDatabase(adminUrl);
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-bench-ingest-'));
  const nodes: ServerProcess[] = [];
  const db = new pg.Client({ connectionString: database.url });
  try {
    const write = (name: string, workers: number) => {
      const config = { plans: { business: { requestsPerMinute: 1_000_000 } }, embeddings: { provider: 'local', workers: 1 }, moderation: { provider: 'none' }, extraction: { workers: 1 }, ingestion: { workers } };
      writeFileSync(join(dir, name), JSON.stringify(config));
      return { DATA_DIR: dir, DATABASE_URL: database.url, COLLOQUY_CONFIG: join(dir, name), LOG_LEVEL: 'warn' };
    };
    const frontEnv = write('front.json', 0);
    const backEnv = write('back.json', 1);
    const quick = await runCli(['quickstart', '--plan', 'business'], frontEnv);
    if (quick.code !== 0) throw new Error(quick.stderr);
    const key = quick.json.key.key as string;
    const agentId = quick.json.agent.id as string;
    const front = await startServerProcess(frontEnv, undefined, { startTimeoutMs: START_TIMEOUT_MS });
    nodes.push(front);
    for (let i = 0; i < consumers; i += 1) nodes.push(await startServerProcess(backEnv, undefined, { startTimeoutMs: START_TIMEOUT_MS }));
    await db.connect();
    // Warm-up: small uploads until every consumer has loaded its model and run a job.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await Promise.all(Array.from({ length: consumers * 2 }, (_, i) => upload(front, key, agentId, `warm-${attempt}-${i}.txt`, `${passages[i]}`)));
      const workers = await db.query("SELECT DISTINCT worker FROM ingest_jobs WHERE state = 'stored'");
      if (workers.rowCount === consumers) break;
    }
    const before = Number((await db.query('SELECT count(*)::int AS n FROM chunks')).rows[0].n);
    const consumerPids = nodes.slice(1).map((node) => node.child.pid);
    const cpuBefore = consumerPids.reduce<number>((sum, pid) => sum + cpuSeconds(pid), 0);
    const started = performance.now();
    await Promise.all(Array.from({ length: FILES }, (_, f) => upload(front, key, agentId, `bench-${f}.txt`, passages.slice(f * PASSAGES_PER_FILE, (f + 1) * PASSAGES_PER_FILE).join('\n\n'))));
    const seconds = (performance.now() - started) / 1000;
    const cpu = consumerPids.reduce<number>((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore;
    const after = Number((await db.query('SELECT count(*)::int AS n FROM chunks')).rows[0].n);
    const ran = await db.query("SELECT worker, count(*)::int AS n FROM ingest_jobs WHERE outcome->'source'->>'title' LIKE 'bench-%' GROUP BY worker");
    return { passages: after - before, seconds, cpu, jobs: ran.rows.map((row: { n: number }) => row.n) };
  } finally {
    await db.end().catch(() => {});
    await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
    await database.drop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchIngestCluster(passages: string[]): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log('ingestion queue across processes: skipped (set BENCH_DATABASE_URL to a PostgreSQL URL whose user may CREATE DATABASE)');
    return;
  }
  const most = Math.max(2, Number(process.env.BENCH_INGEST_NODES ?? 2));
  const texts = Array.from({ length: FILES * PASSAGES_PER_FILE }, (_, i) => passages[i % passages.length] as string);
  let single = 0;
  for (let consumers = 1; consumers <= most; consumers += 1) {
    const result = await round(adminUrl, consumers, texts);
    const rate = result.passages / result.seconds;
    if (consumers === 1) single = rate;
    const load = loadavg().map((value) => value.toFixed(1)).join(' ');
    console.log(
      `ingestion queue, ${consumers} consuming process${consumers > 1 ? 'es' : ''} (1 embedding worker each): ${result.passages} passages in ${result.seconds.toFixed(1)} s → ` +
        `${rate.toFixed(1)} passages/s, ${(rate / consumers).toFixed(1)} per process; ×${(rate / single).toFixed(2)} one process; ` +
        `jobs per process ${result.jobs.join('/')}; ${result.cpu.toFixed(1)} CPU s in the consumers → ${(result.passages / result.cpu).toFixed(1)} passages per CPU second (load average ${load})`,
    );
  }
}
