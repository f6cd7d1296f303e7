// `npm run bench -- http`: requests/s of GET /api/v1/validate (auth + rate limit + the key lookup)
// on Colloquy against a bare node:http server, each in its own process (one HTTP worker), loaded by
// autocannon from this one, in the same run. Prints each rate and its ratio to the bare server:
// SQLite; PostgreSQL alone (BENCH_DATABASE_URL: a server where the user may CREATE DATABASE; a
// fresh database is made and dropped); PostgreSQL + Redis (BENCH_REDIS_URL as well).
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startServerProcess } from '../test/support/processes.ts';
import { createPostgresDatabase } from '../test/support/backend.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function load(url: string, key: string | null): Promise<{ rps: number; p99: number; non2xx: number }> {
  const options = { url: `${url}/api/v1/validate`, connections: CONNECTIONS, headers: key ? { authorization: `Bearer ${key}` } : {} };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, connections
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

async function benchColloquy(label: string, env: Record<string, string>): Promise<number> {
  // One worker: the same one core as the bare server.
  const server = await startServerProcess({ ...env, WORKERS: '1' });
  try {
    const quick = await runCli(['quickstart', '--plan', 'business'], env);
    if (quick.code !== 0) throw new Error(quick.stderr);
    const result = await load(server.baseUrl, quick.json.key.key);
    if (result.non2xx > 0) throw new Error(`${label}: ${result.non2xx} responses were not 2xx`);
    console.log(`colloquy ${label.padEnd(18)} ${result.rps.toFixed(0).padStart(7)} req/s   p99 ${result.p99} ms`);
    return result.rps;
  } finally {
    await server.stop();
  }
}

async function benchBare(): Promise<number> {
  const bare = await startServerProcess({}, 'bench/bare-server.ts');
  try {
    const result = await load(bare.baseUrl, null);
    console.log(`bare node:http              ${result.rps.toFixed(0).padStart(7)} req/s   p99 ${result.p99} ms`);
    return result.rps;
  } finally {
    await bare.stop();
  }
}

export async function benchHttp(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-bench-'));
  const configPath = join(dataDir, 'config.json');
  // The business plan's 1,000/min would stop the load in a second: lift it for the benchmark.
  writeFileSync(configPath, JSON.stringify({ plans: { business: { requestsPerMinute: 100_000_000 } } }));
  const env = { DATA_DIR: dataDir, COLLOQUY_CONFIG: configPath, LOG_LEVEL: 'warn' };
  const database = process.env.BENCH_DATABASE_URL ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL) : null;
  const redisUrl = process.env.BENCH_REDIS_URL;
  try {
    console.log(`GET /api/v1/validate, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each after a 2 s warm-up, one HTTP worker`);
    const bareRps = await benchBare();
    const ratios: string[] = [];
    ratios.push(`sqlite ${((await benchColloquy('sqlite', env)) / bareRps).toFixed(2)}`);
    if (database) {
      const pgEnv = { ...env, DATABASE_URL: database.url };
      if (redisUrl) ratios.push(`postgres+redis ${((await benchColloquy('postgres + redis', { ...pgEnv, REDIS_URL: redisUrl })) / bareRps).toFixed(2)}`);
      ratios.push(`postgres ${((await benchColloquy('postgres', pgEnv)) / bareRps).toFixed(2)}`);
    } else console.log('(set BENCH_DATABASE_URL, and BENCH_REDIS_URL, for the PostgreSQL figures)');
    // Sanity check of the bare figure: the machine's load may have changed during the run.
    const bareAgain = await benchBare();
    console.log(`ratios to bare node:http (bare ${bareRps.toFixed(0)} then ${bareAgain.toFixed(0)} req/s): ${ratios.join('   ')}`);
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
