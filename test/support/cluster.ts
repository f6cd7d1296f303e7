// Several Colloquy nodes (real `node src/main.ts` processes) on one PostgreSQL and one Redis, for
// the cluster test and `npm run bench -- cluster`. Each node has its own config file, whose only
// difference is the path of its embeddings URL (`/node-N/v1`), so the scripted embeddings server
// can tell which node is indexing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from './backend.ts';
import { runCli, startServerProcess, type ServerProcess } from './processes.ts';
import type { ScriptedEmbeddingsServer } from './scripted-embeddings-server.ts';
import { EMBEDDING_DIMENSION } from './scripted-embeddings-server.ts';

export interface ClusterOptions {
  postgresUrl: string;
  redisUrl: string;
  embeddings: ScriptedEmbeddingsServer;
  /** The scripted chat model's base URL, offered as model `scripted` (2 credits a reply). */
  modelUrl?: string;
  /** Requests per minute of the free plan (the business plan is unlimited in effect). */
  freePerMinute?: number;
  extra?: Record<string, unknown>;
}

export interface Cluster {
  /** Environment for the operator CLI on the cluster's database. */
  env: Record<string, string>;
  /** The account, agent and key of a first quickstart on the business plan. */
  business: { accountId: string; agentId: string; key: string };
  nodes: ServerProcess[];
  /** `127.0.0.1:PORT` of each node, for an upstream list. */
  addresses(): string[];
  start(count: number): Promise<ServerProcess[]>;
  stop(): Promise<void>;
}

export const CHAT_CREDITS = 2;

export function clusterConfig(options: ClusterOptions, caller: string): Record<string, unknown> {
  const models = [{ id: 'colloquy-extractive', provider: 'extractive', credits: 1 }];
  if (options.modelUrl)
    models.push({
      id: 'scripted',
      provider: 'openai',
      baseUrl: options.modelUrl,
      model: 'scripted-large',
      credits: CHAT_CREDITS,
      timeoutMs: 5_000,
      maxTokens: 300,
      contextTokens: 4_096,
    } as never);
  const names = models.map((m) => m.id);
  return {
    models,
    defaultModels: false,
    plans: {
      free: { requestsPerMinute: options.freePerMinute ?? 10, models: names },
      starter: { models: names },
      pro: { models: names },
      business: { requestsPerMinute: 100_000_000, models: names },
    },
    moderation: { provider: 'none' },
    embeddings: {
      provider: 'openai',
      baseUrl: options.embeddings.baseUrl(caller),
      model: 'bag-of-words',
      dimension: EMBEDDING_DIMENSION,
    },
    network: { allowPrivateAddresses: true },
    webhooks: { pollIntervalMs: 50, leaseMs: 2_000, timeoutMs: 1_000 },
    // One HTTP process per node: three nodes on a 2-core CI machine are load enough (workers.test.ts
    // covers several workers per node).
    server: { trustedProxies: ['127.0.0.1'], workers: 1 },
    ...options.extra,
  };
}

/** A fresh database on the PostgreSQL server, migrated by a first CLI run (quickstart) before any
 * node starts: three nodes migrating at once would race for the same tables. */
export async function createCluster(options: ClusterOptions): Promise<Cluster> {
  const database = await createPostgresDatabase(options.postgresUrl);
  const dir = mkdtempSync(join(tmpdir(), 'colloquy-cluster-'));
  const configFor = (caller: string) => {
    const path = join(dir, `${caller}.json`);
    writeFileSync(path, JSON.stringify(clusterConfig(options, caller)));
    return path;
  };
  const env = {
    DATA_DIR: dir,
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl,
    LOG_LEVEL: 'warn',
    COLLOQUY_CONFIG: configFor('cli'),
  };
  const quick = await runCli(['quickstart', '--plan', 'business'], env);
  if (quick.code !== 0) throw new Error(`quickstart failed: ${quick.stderr}`);
  const nodes: ServerProcess[] = [];
  return {
    env,
    business: { accountId: quick.json.account.id, agentId: quick.json.agent.id, key: quick.json.key.key },
    nodes,
    addresses: () => nodes.map((node) => node.baseUrl.replace('http://', '')),
    async start(count) {
      const first = nodes.length;
      const settled = await Promise.allSettled(
        Array.from({ length: count }, (_, i) =>
          startServerProcess({ ...env, COLLOQUY_CONFIG: configFor(`node-${first + i}`) }, undefined, {
            startTimeoutMs: 60_000,
          }),
        ),
      );
      // Nodes that did start are kept, so that stop() ends them even when another one failed.
      const started = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      nodes.push(...started);
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      return started;
    },
    async stop() {
      await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
      await database.drop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface StreamFrame {
  at: number;
  /** The parsed JSON, or null for the empty end marker. */
  data: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON
}

export interface StreamOutcome {
  frames: StreamFrame[];
  /** How the body ended: after its end marker, closed without one, or cut (a read error). */
  ending: 'end-marker' | 'closed' | 'cut';
  endedAt: number;
}

/** Reads an SSE body frame by frame, noting when each arrived (performance.now()). */
export async function readFrames(response: Response, onFrame?: (frame: StreamFrame) => void): Promise<StreamOutcome> {
  const frames: StreamFrame[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  let ending: StreamOutcome['ending'] = 'closed';
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const text = buffer.slice(0, cut).replace(/^data: ?/, '');
        buffer = buffer.slice(cut + 2);
        const frame = { at: performance.now(), data: text === '' ? null : JSON.parse(text) };
        frames.push(frame);
        onFrame?.(frame);
        if (frame.data === null) ending = 'end-marker';
      }
    }
  } catch {
    ending = 'cut';
  }
  return { frames, ending, endedAt: performance.now() };
}
