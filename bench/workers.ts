// `npm run bench -- workers`: what several HTTP workers (node:cluster) bring on this machine, on
// SQLite (one writer at a time; WAL lets readers run beside it) and on PostgreSQL when
// BENCH_DATABASE_URL is set. For 1 and 2 workers (or BENCH_WORKERS="1,2,4"): GET /validate (a read
// and the rate limit: on SQLite counted in the cluster primary through IPC) and PATCH
// /agents/{id} (a write, and an event row, per request), req/s, p99 and errors. The default of
// server.workers on each engine follows from these figures (docs/operations.md).
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startServerProcess } from '../test/support/processes.ts';
import { createPostgresDatabase } from '../test/support/backend.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);

async function run(url: string, key: string, method: 'GET' | 'PATCH', body?: string): Promise<string> {
  const result = await autocannon({
    url,
    method,
    body,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  return `${result.requests.average.toFixed(0).padStart(6)} req/s p99 ${String(result.latency.p99).padStart(4)} ms errors ${result.non2xx + result.errors}`;
}

async function benchEngine(label: string, env: Record<string, string>): Promise<void> {
  for (const workers of WORKER_COUNTS) {
    const server = await startServerProcess({ ...env, WORKERS: String(workers) });
    try {
      const quick = await runCli(['quickstart', '--plan', 'business'], env);
      if (quick.code !== 0) throw new Error(quick.stderr);
      const key = quick.json.key.key as string;
      await run(`${server.baseUrl}/api/v1/validate`, key, 'GET'); // warm-up
      const read = await run(`${server.baseUrl}/api/v1/validate`, key, 'GET');
      const write = await run(
        `${server.baseUrl}/api/v1/agents/${quick.json.agent.id}`,
        key,
        'PATCH',
        JSON.stringify({ instructions: 'Answer briefly.' }),
      );
      console.log(`${label.padEnd(8)} ${workers} worker(s)   GET /validate ${read}   PATCH /agents/{id} ${write}`);
    } finally {
      await server.stop();
    }
  }
}

export async function benchWorkers(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-bench-'));
  const configPath = join(dataDir, 'config.json');
  writeFileSync(configPath, JSON.stringify({ plans: { business: { requestsPerMinute: 100_000_000 } } }));
  const env = { DATA_DIR: dataDir, COLLOQUY_CONFIG: configPath, LOG_LEVEL: 'warn' };
  const database = process.env.BENCH_DATABASE_URL ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL) : null;
  try {
    console.log(`${CONNECTIONS} connections, ${SECONDS} s per figure, after a warm-up`);
    await benchEngine('sqlite', env);
    if (database) await benchEngine('postgres', { ...env, DATA_DIR: join(dataDir, 'pg'), DATABASE_URL: database.url });
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
