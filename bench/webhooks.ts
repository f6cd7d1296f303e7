// `npm run bench -- webhooks`: deliveries per second from a server process to a local receiver.
// BENCH_EVENTS events (default 5,000) are recorded in batches from this process while the server's
// worker fans them out, signs and POSTs them; the clock runs from the first batch to the last
// delivery. BENCH_DATABASE_URL adds a PostgreSQL run.
import { createServer } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { createDomainDeps } from '../src/compose.ts';
import { recordEvent } from '../src/domain/events/record-event.ts';
import { runCli, startServerProcess } from '../test/support/processes.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000);
/** Endpoints of the account, each receiving every event: deliveries = events × endpoints. */
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 1);
const DELIVERIES = EVENTS * ENDPOINTS;
const BATCH = 250;

async function countingReceiver() {
  let count = 0;
  const ids = new Set<string>();
  let reached: (() => void) | null = null;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      count += 1;
      ids.add(`${request.url} ${String(request.headers['webhook-id'])}`);
      response.writeHead(204).end();
      if (ids.size >= DELIVERIES) reached?.();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: (n: number) => `http://127.0.0.1:${port}/bench/${n}`,
    stats: () => ({ count, distinct: ids.size }),
    all: new Promise<void>((resolve) => (reached = resolve)),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function benchOne(label: string, env: Record<string, string>): Promise<void> {
  const receiver = await countingReceiver();
  const server = await startServerProcess(env);
  try {
    const account = await runCli(['accounts', 'create', '--name', 'Bench'], env);
    for (let n = 0; n < ENDPOINTS; n++) {
      const endpoint = await runCli(
        ['webhooks', 'create', '--account', account.json.id, '--url', receiver.url(n)],
        env,
      );
      if (endpoint.code !== 0) throw new Error(endpoint.stderr);
    }
    const deps = await createDomainDeps(loadConfig(env));
    const started = performance.now();
    try {
      for (let done = 0; done < EVENTS; done += BATCH) {
        await deps.store.transaction(async (tx) => {
          for (let i = done; i < Math.min(EVENTS, done + BATCH); i++)
            await recordEvent(tx, deps, account.json.id, 'agent.updated', {
              agent: { id: `agt_${i}`, name: `Agent ${i}` },
            });
        });
      }
    } finally {
      await deps.store.close();
    }
    const recorded = performance.now();
    await receiver.all;
    const seconds = (performance.now() - started) / 1000;
    const { count, distinct } = receiver.stats();
    console.log(
      `${label.padEnd(9)} ${EVENTS} events × ${ENDPOINTS} endpoint(s) recorded in ${((recorded - started) / 1000).toFixed(1)} s; all delivered after ${seconds.toFixed(1)} s: ` +
        `${(DELIVERIES / seconds).toFixed(0)} deliveries/s (${count} requests for ${distinct} deliveries)`,
    );
  } finally {
    await server.stop();
    receiver.close();
  }
}

export async function benchWebhooks(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-bench-'));
  const configPath = join(dataDir, 'config.json');
  writeFileSync(configPath, JSON.stringify({ network: { allowPrivateAddresses: true } }));
  const env = { DATA_DIR: dataDir, COLLOQUY_CONFIG: configPath, LOG_LEVEL: 'warn' };
  try {
    console.log(
      `webhook deliveries to a loopback receiver answering 204, default worker settings (32 in flight, 8 per endpoint)`,
    );
    await benchOne('sqlite', env);
    if (process.env.BENCH_DATABASE_URL)
      await benchOne('postgres', { ...env, DATABASE_URL: process.env.BENCH_DATABASE_URL });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
