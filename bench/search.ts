// `npm run bench -- search`: p50/p95 latency of a search on a real documentation agent (1.3 MB,
// bench/search-docs.ts), then of one agent's search at 10k and 100k passages,
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
import { ANALYZER_VERSION, termsOf } from '../src/text/index-pieces.ts';
import { CALIBRATION_PROBES } from '../src/domain/search/calibration-probes.ts';
import { measureSearch } from './search-figures.ts';
import { benchDocsSearch } from './search-docs.ts';
import type { EmbeddingProvider } from '../src/ports/embedding-provider.ts';
import type { ChunkRecord } from '../src/ports/knowledge-store.ts';

const DIMENSION = 512;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const WORDS =
  'tent boot jacket refund shipping express warranty zipper seam repair rental gift card loyalty points store hours canvas down feather waterproof membrane sole lace stitch glove helmet rope harness carabiner stove fuel lantern compass map trail summit river canoe paddle kayak sleeping bag pad pillow insulation wool merino cotton nylon polyester buckle strap pocket hood collar cuff hem size fit width length'.split(
    ' ',
  );

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

/** Query vectors come from a queue so the embedding model's time is not what is measured; the
 * calibration probes get vectors that put each question near its own passage, so the model
 * "separates" and the cosine counts in every score (a random model would be scored on keywords
 * alone, and the vector scan would not matter). */
function queuedEmbedder(vectors: Float32Array[]): EmbeddingProvider {
  const probes = new Map<string, Float32Array>();
  const random = seeded(7);
  for (const probe of CALIBRATION_PROBES) {
    const topic = randomUnitVector(random);
    const near = (noise: Float32Array) => normalise(topic.map((value, d) => value + 0.5 * (noise[d] as number)));
    probes.set(probe.question, near(randomUnitVector(random)));
    probes.set(probe.passage, near(randomUnitVector(random)));
  }
  let next = 0;
  return {
    model: 'bench-random-512',
    dimension: DIMENSION,
    embed: async (texts) => texts.map((text) => probes.get(text) ?? (vectors[next++ % vectors.length] as Float32Array)),
    close: async () => undefined,
  };
}

function normalise(vector: Float32Array): Float32Array {
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
}

/** Adds `count` passages of random text and random unit vectors (under the embedder's model name). */
export async function seed(
  deps: DomainDeps,
  agentId: string,
  count: number,
  random: () => number,
): Promise<Float32Array[]> {
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
          chunks.push({
            id: deps.ids.next('chk'),
            sourceId,
            agentId,
            ordinal: c,
            content: text,
            heading: null,
            page: null,
            terms: termsOf(text, null).join(' '),
            termsVersion: ANALYZER_VERSION,
            embedding,
            embeddingModel: deps.embedder.model,
          });
        }
        await tx.sources.insert(
          {
            id: sourceId,
            accountId: (await tx.agents.ownerOf(agentId)) as string,
            agentId,
            type: 'text',
            title: `Bench ${s}`,
            content: '',
            url: null,
            size: null,
            storage: 0,
            createdAt: Date.now(),
          },
          chunks,
        );
      }
    });
  }
  return vectors;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function benchBackend(label: string, env: Record<string, string>): Promise<void> {
  const random = seeded(42);
  const queryVectors = Array.from({ length: QUERIES }, () => randomUnitVector(random));
  const deps = await createDomainDeps(loadConfig(env), { embedder: queuedEmbedder(queryVectors) });
  try {
    const account = await createAccount(deps, { name: 'Bench', plan: 'business', credits: 0 });
    const ctx = operatorContext(account.id, account.plan);
    const agent = await createAgent(deps, ctx, { name: 'Bench agent' });
    let seeded = 0;
    for (const size of SIZES) {
      const seedStarted = performance.now();
      await seed(deps, agent.id, size - seeded, random);
      seeded = size;
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const figures = await measureSearch(
        deps,
        account.id,
        agent.id,
        QUERIES,
        (count) => seed(deps, agent.id, count, random),
        (q) => `${WORDS[q % WORDS.length]} ${WORDS[(q * 7) % WORDS.length]} repair`,
      );
      console.log(
        `${label.padEnd(8)} ${String(size).padStart(7)} passages: search p50 ${figures.p50.toFixed(2)} ms, p95 ${figures.p95.toFixed(2)} ms | exact-scan bound ${figures.bound.toFixed(2)} ms → ratio ${(figures.p50 / figures.bound).toFixed(2)}× ` +
          `(CPU time: search ${figures.cpuP50.toFixed(2)} ms, bound ${figures.boundCpu.toFixed(2)} ms → ${(figures.cpuP50 / figures.boundCpu).toFixed(2)}×) | ` +
          `first search after an add (delta) ${figures.afterAdd.toFixed(2)} ms, after a delete ${figures.afterDelete.toFixed(2)} ms, cold rebuild ${figures.cold.toFixed(0)} ms | ` +
          `old JS float32 scan ${figures.jsScan.toFixed(1)} ms | index ${figures.bytesPerPassage.toFixed(0)} B/passage (${figures.heapPerPassage === null ? 'heap not measured: run with --expose-gc' : `${figures.heapPerPassage.toFixed(0)} B measured`}) | seeding ${seedSeconds.toFixed(1)} s`,
      );
    }
  } finally {
    await closeDomainDeps(deps);
  }
}

export async function benchSearch(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'colloquy-bench-search-'));
  try {
    if (process.env.BENCH_DOCS !== '0') await benchDocsSearch();
    console.log(
      `${QUERIES} queries per size, limit 5, one agent; 512-d vectors; bound = one pass of a SIMD dot product over the float32 matrix (simsimd)`,
    );
    await benchBackend('sqlite', { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    if (process.env.BENCH_DATABASE_URL)
      await benchBackend('postgres', {
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.BENCH_DATABASE_URL,
        LOG_LEVEL: 'warn',
      });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
