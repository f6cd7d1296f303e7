import type { AgentIndex } from './agent-index.ts';
import type { PassageIndexStats } from '../ports/passage-index.ts';

interface Entry {
  model: string;
  version: number;
  index: AgentIndex;
  /** The index's size when last counted into the cache's total. */
  bytes: number;
}

/** How an index out of date is brought to the requested version. */
export interface IndexLoader {
  /** Every passage read and indexed (a cold start). */
  build(): Promise<AgentIndex>;
  /** The changes since version `from` applied to `index` in place; false when only a build will do. */
  update(index: AgentIndex, from: number): Promise<boolean>;
}

export type IndexCacheStats = PassageIndexStats;

/**
 * Agent indexes kept in memory, least recently used first out, bounded by bytes. Each is tagged
 * with the agent's knowledge version and the embedding model: a change made by any process bumps
 * the version in the database, and the next search here applies the logged changes in place (a
 * delta) rather than rebuilding; one load per agent runs at a time.
 */
export interface IndexCache {
  get(agentId: string, version: number, model: string, loader: IndexLoader): Promise<AgentIndex>;
  /** A value measured once per embedding model and process, such as its calibration (a failed
   * measure is not kept, so the next search tries again). */
  perModel<T>(model: string, measure: () => Promise<T>): Promise<T>;
  stats(): IndexCacheStats;
}

export function createIndexCache(options: { maxBytes: number }): IndexCache {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, { model: string; version: number; done: Promise<AgentIndex> }>();
  const perModel = new Map<string, Promise<unknown>>();
  const counts = { hits: 0, misses: 0, deltas: 0, rebuilds: 0 };
  let bytes = 0;

  const evict = (agentId: string): void => {
    const entry = entries.get(agentId);
    if (!entry) return;
    entries.delete(agentId);
    bytes -= entry.bytes;
  };
  const keep = (agentId: string, entry: Entry): void => {
    evict(agentId);
    entry.bytes = entry.index.bytes;
    // An index larger than the whole cache is used once and not kept.
    if (entry.bytes > options.maxBytes) return;
    while (bytes + entry.bytes > options.maxBytes && entries.size > 0) evict(entries.keys().next().value as string);
    entries.set(agentId, entry);
    bytes += entry.bytes;
  };
  const load = async (agentId: string, version: number, model: string, loader: IndexLoader): Promise<AgentIndex> => {
    const entry = entries.get(agentId);
    if (entry?.model === model && (await loader.update(entry.index, entry.version))) {
      counts.deltas += 1;
      entry.version = version;
      // Another load may have replaced the entry meanwhile; this one is at least as new.
      if (entries.get(agentId) === entry) keep(agentId, entry);
      return entry.index;
    }
    const index = await loader.build();
    counts.rebuilds += 1;
    keep(agentId, { model, version, index, bytes: 0 });
    return index;
  };

  return {
    perModel<T>(model: string, measure: () => Promise<T>): Promise<T> {
      let pending = perModel.get(model) as Promise<T> | undefined;
      if (!pending) {
        pending = measure();
        perModel.set(model, pending);
        pending.catch(() => perModel.delete(model));
      }
      return pending;
    },
    async get(agentId, version, model, loader) {
      let counted = false;
      for (;;) {
        const entry = entries.get(agentId);
        // A newer index than asked for is fine: the caller read the version a moment ago.
        if (entry?.model === model && entry.version >= version) {
          if (!counted) counts.hits += 1;
          entries.delete(agentId);
          entries.set(agentId, entry);
          return entry.index;
        }
        if (!counted) counts.misses += 1;
        counted = true;
        const pending = loading.get(agentId);
        if (pending?.model === model && pending.version >= version) return pending.done;
        if (pending) {
          await pending.done.catch(() => undefined);
          continue;
        }
        const done = load(agentId, version, model, loader).finally(() => loading.delete(agentId));
        loading.set(agentId, { model, version, done });
        return done;
      }
    },
    stats() {
      return { entries: entries.size, bytes, ...counts };
    },
  };
}
