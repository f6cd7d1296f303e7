// `npm run bench -- http`: requests/s of GET /api/v1/validate (auth + rate limit + one read) on
// Colloquy against a bare node:http server, each in its own process, loaded by autocannon from
// this one, in the same run. Prints both rates and their ratio. BENCH_DATABASE_URL adds PostgreSQL.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startServerProcess } from '../test/support/processes.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

async function load(url: string, key: string | null): Promise<{ rps: number; p99: number; non2xx: number }> {
  const options = { url: `${url}/api/v1/validate`, connections: CONNECTIONS, headers: key ? { authorization: `Bearer ${key}` } : {} };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, connections
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

async function benchColloquy(label: string, env: Record<string, string>): Promise<number> {
  const server = await startServerProcess(env);
  try {
    const quick = await runCli(['quickstart', '--plan', 'business'], env);
    if (quick.code !== 0) throw new Error(quick.stderr);
    const result = await load(server.baseUrl, quick.json.key.key);
    if (result.non2xx > 0) throw new Error(`${label}: ${result.non2xx} responses were not 2xx`);
    console.log(`colloquy ${label.padEnd(10)} ${result.rps.toFixed(0).padStart(7)} req/s   p99 ${result.p99} ms`);
    return result.rps;
  } finally {
    await server.stop();
  }
}

export async function benchHttp(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-bench-'));
  const configPath = join(dataDir, 'config.json');
  // The business plan's 1,000/min would stop the load in a second: lift it for the benchmark.
  writeFileSync(configPath, JSON.stringify({ plans: { business: { requestsPerMinute: 100_000_000 } } }));
  const env = { DATA_DIR: dataDir, COLLOQUY_CONFIG: configPath, LOG_LEVEL: 'warn' };
  try {
    console.log(`GET /api/v1/validate, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each after a 2 s warm-up`);
    const bare = await startServerProcess({}, 'bench/bare-server.ts');
    let bareRps: number;
    try {
      const result = await load(bare.baseUrl, null);
      bareRps = result.rps;
      console.log(`bare node:http      ${bareRps.toFixed(0).padStart(7)} req/s   p99 ${result.p99} ms`);
    } finally {
      await bare.stop();
    }
    const sqliteRps = await benchColloquy('sqlite', env);
    console.log(`ratio sqlite / bare: ${(sqliteRps / bareRps).toFixed(2)}`);
    if (process.env.BENCH_DATABASE_URL) {
      const pgRps = await benchColloquy('postgres', { ...env, DATABASE_URL: process.env.BENCH_DATABASE_URL });
      console.log(`ratio postgres / bare: ${(pgRps / bareRps).toFixed(2)}`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
