// `npm run bench -- http`: requests/s of GET /api/v1/validate (authentication, rate limit, the key
// lookup, serialisation) on Colloquy against a bare node:http server answering the same body, each
// in its own process with one HTTP worker, loaded by autocannon from this one. Targets: SQLite;
// PostgreSQL + Redis and PostgreSQL alone when BENCH_DATABASE_URL (a server where the user may
// CREATE DATABASE; a fresh database is made and dropped) and BENCH_REDIS_URL are set.
// On a busy machine the bare server's rate moves from second to second, so each target is measured
// in rounds, each right after a round of the bare server, and the median of the ratios is reported.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startServerProcess, type ServerProcess } from '../test/support/processes.ts';
import { createPostgresDatabase } from '../test/support/backend.ts';

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

interface Target {
  label: string;
  server: ServerProcess;
  key: string | null;
}

async function load(target: Target, seconds: number): Promise<number> {
  const result = await autocannon({
    url: `${target.server.baseUrl}/api/v1/validate`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: target.key ? { authorization: `Bearer ${target.key}` } : {},
  });
  if (result.non2xx > 0) throw new Error(`${target.label}: ${result.non2xx} responses were not 2xx`);
  return result.requests.average;
}

async function startColloquy(label: string, env: Record<string, string>): Promise<Target> {
  // One worker: the same one core as the bare server.
  const server = await startServerProcess({ ...env, WORKERS: '1' });
  const quick = await runCli(['quickstart', '--plan', 'business'], env);
  if (quick.code !== 0) throw new Error(quick.stderr);
  return { label, server, key: quick.json.key.key };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function benchHttp(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-bench-'));
  const configPath = join(dataDir, 'config.json');
  // The business plan's 1,000/min would stop the load in a second: lift it for the benchmark.
  writeFileSync(configPath, JSON.stringify({ plans: { business: { requestsPerMinute: 100_000_000 } } }));
  const env = { DATA_DIR: dataDir, COLLOQUY_CONFIG: configPath, LOG_LEVEL: 'warn' };
  const database = process.env.BENCH_DATABASE_URL ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL) : null;
  const redisUrl = process.env.BENCH_REDIS_URL;
  const targets: Target[] = [];
  try {
    const bare: Target = {
      label: 'bare node:http',
      server: await startServerProcess({}, 'bench/bare-server.ts'),
      key: null,
    };
    targets.push(bare, await startColloquy('sqlite', env));
    if (database) {
      const pgEnv = { ...env, DATA_DIR: join(dataDir, 'pg'), DATABASE_URL: database.url };
      if (redisUrl) targets.push(await startColloquy('postgres + redis', { ...pgEnv, REDIS_URL: redisUrl }));
      targets.push(await startColloquy('postgres', pgEnv));
    } else console.log('(set BENCH_DATABASE_URL, and BENCH_REDIS_URL, for the PostgreSQL figures)');
    console.log(
      `GET /api/v1/validate, ${CONNECTIONS} connections, one HTTP worker each; ${ROUNDS} rounds of ${ROUND_SECONDS} s, each target right after the bare server`,
    );
    for (const target of targets) await load(target, 2); // warm-up: JIT, caches, connections

    const rows = targets
      .slice(1)
      .map((target) => ({ target, rates: [] as number[], bare: [] as number[], ratios: [] as number[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const row of rows) {
        const bareRps = await load(bare, ROUND_SECONDS);
        const rps = await load(row.target, ROUND_SECONDS);
        row.bare.push(bareRps);
        row.rates.push(rps);
        row.ratios.push(rps / bareRps);
      }
    }
    for (const row of rows) {
      console.log(
        `colloquy ${row.target.label.padEnd(17)} ${median(row.rates).toFixed(0).padStart(7)} req/s (bare ${median(row.bare).toFixed(0)})   ratio ${median(row.ratios).toFixed(2)}   [rounds: ${row.ratios.map((r) => r.toFixed(2)).join(', ')}]`,
      );
    }
    console.log(
      `ratios to bare node:http: ${rows.map((row) => `${row.target.label} ${median(row.ratios).toFixed(2)}`).join('   ')}`,
    );
  } finally {
    await Promise.all(targets.map((target) => target.server.stop()));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
