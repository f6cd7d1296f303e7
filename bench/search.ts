// `npm run bench -- search`: p50/p99 latency of one agent's search at 10k and 100k passages,
// through the real ranking path (index cache, BM25, exact cosine, passage lookup in the database),
// side by side with a plain brute-force Float32Array scan of the same vectors, in the same run.
// Vectors are random unit vectors and passages random text from a fixed vocabulary: embedding
// 100k real passages would take the model ~15 minutes. BENCH_DATABASE_URL adds PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { closeDomainDeps, createDomainDeps } from '../src/compose.ts';
import { createAccount } from '../src/domain/accounts/create-account.ts';
import { createAgent } from '../src/domain/agents/create-agent.ts';
import { operatorContext, type DomainDeps } from '../src/domain/context.ts';
import { rankPassages } from '../src/domain/search/rank-passages.ts';
import { analyze } from '../src/domain/search/analyze.ts';
import { buildAgentIndex } from '../src/domain/search/agent-index.ts';
import type { EmbeddingProvider } from '../src/ports/embedding-provider.ts';
import type { ChunkRecord } from '../src/ports/knowledge-store.ts';

const DIMENSION = 512;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const WORDS = 'tent boot jacket refund shipping express warranty zipper seam repair rental gift card loyalty points store hours canvas down feather waterproof membrane sole lace stitch glove helmet rope harness carabiner stove fuel lantern compass map trail summit river canoe paddle kayak sleeping bag pad pillow insulation wool merino cotton nylon polyester buckle strap pocket hood collar cuff hem size fit width length'.split(' ');

export function randomUnitVector(random: () => number): Float32Array {
  const vector = new Float32Array(DIMENSION);
  let sum = 0;
  for (let i = 0; i < DIMENSION; i += 1) {
    const value = random() * 2 - 1;
    vector[i] = value;
    sum += value * value;
  }
  const length = Math.sqrt(sum);
  for (let i = 0; i < DIMENSION; i += 1) vector[i] = (vector[i] as number) / length;
  return vector;
}

export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Query vectors come from a queue so the embedding model's time is not what is measured. */
function queuedEmbedder(vectors: Float32Array[]): EmbeddingProvider {
  let next = 0;
  return { model: 'bench-random-512', dimension: DIMENSION, embed: async (texts) => texts.map(() => vectors[next++ % vectors.length] as Float32Array), close: async () => undefined };
}

/** Adds `count` passages of random text and random unit vectors (under the embedder's model name). */
export async function seed(deps: DomainDeps, agentId: string, count: number, random: () => number): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  const batch = 2_000;
  for (let start = 0; start < count; start += batch) {
    await deps.store.transaction(async (tx) => {
      for (let s = start; s < Math.min(count, start + batch); s += 100) {
        const sourceId = deps.ids.next('src');
        const chunks: ChunkRecord[] = [];
        for (let c = 0; c < 100 && s + c < count; c += 1) {
          const text = Array.from({ length: 60 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
          const embedding = randomUnitVector(random);
          vectors.push(embedding);
          chunks.push({ id: deps.ids.next('chk'), sourceId, agentId, ordinal: c, content: text, heading: null, page: null, terms: analyze(text).join(' '), embedding, embeddingModel: deps.embedder.model });
        }
        await tx.sources.insert({ id: sourceId, accountId: (await tx.agents.ownerOf(agentId)) as string, agentId, type: 'text', title: `Bench ${s}`, content: '', url: null, size: null, storage: 0, createdAt: Date.now() }, chunks);
      }
      await tx.agents.bumpKnowledgeVersion(agentId);
    });
  }
  return vectors;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function bruteForce(matrix: Float32Array, count: number, query: Float32Array, k: number): number[] {
  const scores = new Float32Array(count);
  for (let doc = 0; doc < count; doc += 1) {
    let dot = 0;
    const offset = doc * DIMENSION;
    for (let d = 0; d < DIMENSION; d += 1) dot += (matrix[offset + d] as number) * (query[d] as number);
    scores[doc] = dot;
  }
  const order = Array.from(scores.keys()).sort((a, b) => (scores[b] as number) - (scores[a] as number));
  return order.slice(0, k);
}

async function benchBackend(label: string, env: Record<string, string>): Promise<void> {
  const random = seeded(42);
  const queryVectors = Array.from({ length: QUERIES }, () => randomUnitVector(random));
  const deps = await createDomainDeps(loadConfig(env), { embedder: queuedEmbedder(queryVectors) });
  try {
    const account = await createAccount(deps, { name: 'Bench', plan: 'business', credits: 0 });
    const ctx = operatorContext(account.id, account.plan);
    const agent = await createAgent(deps, ctx, { name: 'Bench agent' });
    let vectors: Float32Array[] = [];
    for (const size of [10_000, 100_000]) {
      const seedStarted = performance.now();
      vectors = vectors.concat(await seed(deps, agent.id, size - vectors.length, random));
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const current = (await deps.store.agents.get(account.id, agent.id))!;
      const coldStarted = performance.now();
      await rankPassages(deps, current, 'waterproof tent seam repair', 5);
      const coldMs = performance.now() - coldStarted;
      const readStarted = performance.now();
      const rows = await deps.store.chunks.searchable(agent.id, deps.embedder.model);
      const readMs = performance.now() - readStarted;
      const buildStarted = performance.now();
      buildAgentIndex(rows, DIMENSION);
      const buildMs = performance.now() - buildStarted;
      const latencies: number[] = [];
      for (let q = 0; q < QUERIES; q += 1) {
        const started = performance.now();
        await rankPassages(deps, current, `${WORDS[q % WORDS.length]} ${WORDS[(q * 7) % WORDS.length]} repair`, 5);
        latencies.push(performance.now() - started);
      }
      const matrix = new Float32Array(vectors.length * DIMENSION);
      vectors.forEach((vector, index) => matrix.set(vector, index * DIMENSION));
      const brute: number[] = [];
      for (const query of queryVectors) {
        const started = performance.now();
        bruteForce(matrix, vectors.length, query, 5);
        brute.push(performance.now() - started);
      }
      console.log(
        `${label.padEnd(8)} ${String(size).padStart(7)} chunks: search p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms` +
          ` | brute-force Float32Array scan p50 ${percentile(brute, 50).toFixed(2)} ms, p99 ${percentile(brute, 99).toFixed(2)} ms` +
          ` | first search (index build) ${coldMs.toFixed(0)} ms = reading rows ${readMs.toFixed(0)} ms + building ${buildMs.toFixed(0)} ms; seeding ${seedSeconds.toFixed(1)} s`,
      );
    }
  } finally {
    await closeDomainDeps(deps);
  }
}

export async function benchSearch(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-bench-search-'));
  try {
    console.log(`${QUERIES} queries per size, limit 5, one agent; 512-d vectors`);
    await benchBackend('sqlite', { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    if (process.env.BENCH_DATABASE_URL) await benchBackend('postgres', { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL, LOG_LEVEL: 'warn' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
