// `npm run bench -- cluster`: requests/s and p50/p99 of GET /validate and POST search through
// Debian's nginx (deploy/nginx.conf) in front of 1, then 3 nodes on one PostgreSQL and Redis, in
// the same run, with the ratios; then what one node holds: memory per 10k passages of an agent's
// search index, and per open chat stream. PostgreSQL and Redis: BENCH_DATABASE_URL and
// BENCH_REDIS_URL, or private servers started here (as root). Embeddings come from a scripted
// bag-of-words server, so the search figures measure the HTTP and ranking path, not a model.
import autocannon from 'autocannon';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { closeDomainDeps, createDomainDeps } from '../src/compose.ts';
import { createAccount } from '../src/domain/accounts/create-account.ts';
import { createAgent } from '../src/domain/agents/create-agent.ts';
import { operatorContext } from '../src/domain/context.ts';
import { rankPassages } from '../src/domain/search/rank-passages.ts';
import { buildAgentIndex } from '../src/search-index/agent-index.ts';
import { createCluster, type Cluster } from '../test/support/cluster.ts';
import { startNginx } from '../test/support/nginx.ts';
import { startPrivatePostgres, startPrivateRedis } from '../test/support/private-services.ts';
import { startScriptedEmbeddingsServer } from '../test/support/scripted-embeddings-server.ts';
import { startScriptedModelServer } from '../test/support/scripted-model-server.ts';
import { randomUnitVector, seed, seeded } from './search.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);

interface Load {
  rps: number;
  p50: number;
  p99: number;
}

async function load(options: autocannon.Options): Promise<Load> {
  await autocannon({ ...options, connections: CONNECTIONS, duration: 1 }); // warm-up
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

function line(label: string, result: Load): string {
  return `${label.padEnd(22)} ${result.rps.toFixed(0).padStart(6)} req/s   p50 ${String(result.p50).padStart(3)} ms   p99 ${String(result.p99).padStart(4)} ms`;
}

async function throughput(cluster: Cluster): Promise<void> {
  const { key, agentId } = cluster.business;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const nodes = cluster.addresses();
  for (let i = 0; i < 30; i += 1) {
    const body = JSON.stringify({
      title: `Note ${i}`,
      content: `Note ${i}: the ${['tent', 'boot', 'kayak'][i % 3]} repair desk opens at ${8 + (i % 4)} and closes at ${16 + (i % 3)}.`,
    });
    const response = await fetch(`http://${nodes[0]}/api/v1/agents/${agentId}/sources/text`, {
      method: 'POST',
      headers,
      body,
    });
    if (response.status !== 200) throw new Error(await response.text());
  }
  const nginx = await startNginx(nodes.slice(0, 1));
  try {
    const results: Record<string, Load[]> = { validate: [], search: [] };
    for (const count of [1, 3]) {
      if (count === 3) await nginx.reload(nodes);
      results.validate!.push(await load({ url: `${nginx.url}/api/v1/validate`, headers }));
      results.search!.push(
        await load({
          url: `${nginx.url}/api/v1/agents/${agentId}/search`,
          method: 'POST',
          headers,
          body: JSON.stringify({ query: 'when does the kayak repair desk open' }),
        }),
      );
      for (const name of ['validate', 'search'])
        console.log(line(`${name} ${count} node${count > 1 ? 's' : ''}`, results[name]!.at(-1)!));
    }
    for (const name of ['validate', 'search'])
      console.log(`ratio ${name} 3 nodes / 1 node: ${(results[name]![1]!.rps / results[name]![0]!.rps).toFixed(2)}`);
  } finally {
    await nginx.stop();
  }
}

function rssMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** Memory of one agent's index in this process: 10k passages of 512-d vectors, as the local model makes. */
async function indexMemory(env: Record<string, string>): Promise<void> {
  const random = seeded(7);
  const query = randomUnitVector(random);
  const embedder = {
    model: 'bench-random-512',
    dimension: 512,
    embed: async (texts: string[]) => texts.map(() => query),
    close: async () => undefined,
  };
  const deps = await createDomainDeps(loadConfig(env), { embedder });
  try {
    const account = await createAccount(deps, { name: 'Memory', plan: 'business', credits: 0 });
    const agent = await createAgent(deps, operatorContext(account.id, account.plan), { name: 'Memory agent' });
    const disk = async () => {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        return Number(
          (await client.query(`SELECT pg_total_relation_size('chunks') + pg_total_relation_size('sources') AS bytes`))
            .rows[0].bytes,
        );
      } finally {
        await client.end();
      }
    };
    const diskBefore = await disk();
    await seed(deps, agent.id, 10_000, random);
    const diskGrowth = (await disk()) - diskBefore;
    const current = (await deps.store.agents.get(account.id, agent.id))!;
    const before = process.memoryUsage.rss();
    await rankPassages(deps, current, 'tent repair', 5);
    const after = process.memoryUsage.rss();
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    const counted = buildAgentIndex(await deps.store.chunks.searchable(agent.id, embedder.model), 512).bytes;
    console.log(
      `10k passages (512-d, 60 words each) in PostgreSQL: ${mb(diskGrowth)} MB (chunks and sources, indexes included)`,
    );
    console.log(
      `one agent's index of 10k passages (512-d): ${mb(counted)} MB kept in the cache (as counted against search.cacheMegabytes); the first search's build raised rss by ${mb(after - before)} MB (rows read from PostgreSQL)`,
    );
  } finally {
    await closeDomainDeps(deps);
  }
}

/** RSS of one node holding `STREAMS` chat streams open (the model stops after its first words). */
async function streamMemory(cluster: Cluster, model: { enqueue: (...turns: object[]) => void }): Promise<void> {
  const node = cluster.nodes[0]!;
  const { key, agentId } = cluster.business;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const patched = await fetch(`${node.baseUrl}/api/v1/agents/${agentId}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ model: 'scripted' }),
  });
  if (patched.status !== 200) throw new Error(await patched.text());
  const before = rssMegabytes(node.child.pid!);
  model.enqueue(...Array.from({ length: STREAMS }, () => ({ content: ['Thinking', ' slowly'], hangAfterChunks: 2 })));
  const controller = new AbortController();
  const opened = await Promise.all(
    Array.from({ length: STREAMS }, async (_, i) => {
      const response = await fetch(`${node.baseUrl}/api/v1/agents/${agentId}/chat`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ message: `Stream ${i}`, stream: true }),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      await reader.read(); // the first frame: the stream is open on the node
      return reader;
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const during = rssMegabytes(node.child.pid!);
  console.log(
    `${opened.length} open chat streams on one node: rss ${before.toFixed(0)} → ${during.toFixed(0)} MB (${(((during - before) * 1024) / opened.length).toFixed(0)} KB per stream, model connection included)`,
  );
  controller.abort();
}

export async function benchCluster(): Promise<void> {
  const owned: Array<() => void> = [];
  let postgresUrl = process.env.BENCH_DATABASE_URL;
  let redisUrl = process.env.BENCH_REDIS_URL;
  if (!postgresUrl) {
    const postgres = await startPrivatePostgres();
    owned.push(() => postgres.destroy());
    postgresUrl = postgres.url;
  }
  if (!redisUrl) {
    const redis = await startPrivateRedis();
    owned.push(() => redis.destroy());
    redisUrl = redis.url;
  }
  const [embeddings, model] = await Promise.all([
    startScriptedEmbeddingsServer({ record: false }),
    startScriptedModelServer({ record: false }),
  ]);
  const cluster = await createCluster({ postgresUrl, redisUrl, embeddings, modelUrl: model.baseUrl });
  try {
    // One after another: three starting at once on a busy 2-core machine can pass the start time-out.
    for (let i = 0; i < 3; i += 1) await cluster.start(1);
    console.log(
      `through nginx (deploy/nginx.conf), ${CONNECTIONS} connections, ${SECONDS} s each after 1 s of warm-up; PostgreSQL + Redis; load generator on the same machine`,
    );
    await throughput(cluster);
    await streamMemory(cluster, model);
    await indexMemory(cluster.env);
  } finally {
    await cluster.stop();
    await Promise.all([embeddings.close(), model.close()]);
    for (const stop of owned) stop();
  }
}
