// The figures `npm run bench -- search` prints for one agent at one size, all in the same run.
import { inner } from '../src/search-index/native-vector-math.ts';
import type { DomainDeps } from '../src/domain/context.ts';
import type { AgentRecord } from '../src/ports/agent-store.ts';
import { indexedAgent, rankPassages } from '../src/domain/search/rank-passages.ts';
import { vectorScores } from '../src/search-index/agent-index.ts';
import { createPassageIndex, type InMemoryPassageIndex } from '../src/search-index/passage-index.ts';

export interface SearchFigures {
  p50: number;
  p95: number;
  /** CPU time of this process per search (p50): on a busy shared machine, wall time also counts
   * the time spent waiting for a core, which a search of many short steps suffers most from. */
  cpuP50: number;
  boundCpu: number;
  /** One pass of a native SIMD dot product over the whole float32 matrix (p50, timed between
   * the searches): what any exact scan must at least spend streaming the vectors from memory. */
  bound: number;
  /** The exact float32 scan in JavaScript that search used before the int8 first pass. */
  jsScan: number;
  afterAdd: number;
  afterDelete: number;
  cold: number;
  bytesPerPassage: number;
  heapPerPassage: number | null;
}

const ROUNDS = 5;

export async function measureSearch(
  deps: DomainDeps,
  accountId: string,
  agentId: string,
  queries: number,
  addPassages: (count: number) => Promise<unknown>,
  queryText: (q: number) => string,
): Promise<SearchFigures> {
  const agentNow = async () => (await deps.store.agents.get(accountId, agentId))!;
  const timed = async (run: () => Promise<unknown>): Promise<number> => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };

  const { cold, heapPerPassage } = await measureCold(deps, agentNow, queryText(0));
  const agent = await agentNow();
  await rankPassages(deps, agent, queryText(0), 5);
  const index = await (deps.passageIndex as InMemoryPassageIndex).indexOf(indexedAgent(deps, agent));
  const matrix = index.vectors.subarray(0, index.slots * index.dimension);
  // The bound is timed between searches, so both see the same load on a shared machine.
  const latencies: number[] = [];
  const bounds: number[] = [];
  const cpu: number[] = [];
  const boundsCpu: number[] = [];
  for (let q = 0; q < queries; q += 1) {
    let started = process.cpuUsage();
    latencies.push(await timed(() => rankPassages(deps, agent, queryText(q), 5)));
    cpu.push(cpuMs(started));
    started = process.cpuUsage();
    bounds.push(timedSync(() => inner(matrix, matrix)));
    boundsCpu.push(cpuMs(started));
  }
  const bound = percentile(bounds, 50);
  const query = matrix.slice(0, index.dimension);
  const jsScan = median(Array.from({ length: 3 }, () => timedSync(() => vectorScores(index, query))));

  const afterAdd: number[] = [];
  const afterDelete: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await addPassages(100);
    afterAdd.push(await timed(async () => rankPassages(deps, await agentNow(), queryText(round), 5)));
    const newest = (await deps.store.sources.list(accountId, agentId, {}, { page: 1, size: 1 })).items[0]!;
    await deps.store.transaction((tx) => tx.sources.delete(accountId, agentId, newest.id));
    afterDelete.push(await timed(async () => rankPassages(deps, await agentNow(), queryText(round), 5)));
  }
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    cpuP50: percentile(cpu, 50),
    bound,
    boundCpu: percentile(boundsCpu, 50),
    jsScan,
    afterAdd: median(afterAdd),
    afterDelete: median(afterDelete),
    cold,
    bytesPerPassage: index.bytes / index.live,
    heapPerPassage,
  };
}

/** The first search through a cache of its own: the index read and built from every passage.
 * The cache goes out of scope on return, so the steady searches run with one index in memory. */
async function measureCold(
  deps: DomainDeps,
  agentNow: () => Promise<AgentRecord>,
  query: string,
): Promise<{ cold: number; heapPerPassage: number | null }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const heapBefore = await settledMemory(gc);
  const coldIndex = createPassageIndex({ chunks: deps.store.chunks, maxBytes: 4 * 1024 ** 3 });
  const coldDeps = { ...deps, passageIndex: coldIndex };
  const started = performance.now();
  await rankPassages(coldDeps, await agentNow(), query, 5);
  const cold = performance.now() - started;
  const heapPerPassage = gc
    ? ((await settledMemory(gc)) - heapBefore) /
      (await coldIndex.indexOf(indexedAgent(coldDeps, await agentNow()))).live
    : null;
  return { cold, heapPerPassage };
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function timedSync(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** Heap and array buffers once garbage is collected (twice, with a turn of the event loop between:
 * freed buffers are released after the collection that finds them). */
async function settledMemory(gc: (() => void) | undefined): Promise<number> {
  for (let round = 0; round < 2; round += 1) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const median = (samples: number[]): number => percentile(samples, 50);
