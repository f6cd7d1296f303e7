import type { AgentIndex } from './agent-index.ts';
import type { ModelCalibration } from './calibrate-model.ts';

interface Entry {
  key: string;
  index: AgentIndex;
}

/**
 * Agent indexes kept in memory, least recently used first out, bounded by bytes. Keyed by the
 * agent's knowledge version and the embedding model, so a change made by any process (which
 * bumps the version in the database) is seen by every process on its next search.
 */
export interface IndexCache {
  get(agentId: string, version: number, model: string, build: () => Promise<AgentIndex>): Promise<AgentIndex>;
  /** The embedding model's calibration, measured once per model and process (a failed measure
   * is not kept, so the next search tries again). */
  calibration(model: string, measure: () => Promise<ModelCalibration>): Promise<ModelCalibration>;
  /** For metrics: indexes held, their bytes, and lookups answered from memory or built. */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

export function createIndexCache(options: { maxBytes: number }): IndexCache {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<AgentIndex>>();
  const calibrations = new Map<string, Promise<ModelCalibration>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const evict = (agentId: string): void => {
    const entry = entries.get(agentId);
    if (!entry) return;
    entries.delete(agentId);
    bytes -= entry.index.bytes;
  };

  return {
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    calibration(model, measure) {
      let pending = calibrations.get(model);
      if (!pending) {
        pending = measure();
        calibrations.set(model, pending);
        pending.catch(() => calibrations.delete(model));
      }
      return pending;
    },
    async get(agentId, version, model, build) {
      const key = `${version}:${model}`;
      const hit = entries.get(agentId);
      if (hit?.key === key) {
        hits++;
        entries.delete(agentId);
        entries.set(agentId, hit);
        return hit.index;
      }
      misses++;
      const buildKey = `${agentId}:${key}`;
      let pending = building.get(buildKey);
      if (!pending) {
        pending = build().finally(() => building.delete(buildKey));
        building.set(buildKey, pending);
      }
      const index = await pending;
      evict(agentId);
      // An index larger than the whole cache is used once and not kept.
      if (index.bytes <= options.maxBytes) {
        while (bytes + index.bytes > options.maxBytes && entries.size > 0) evict(entries.keys().next().value as string);
        entries.set(agentId, { key, index });
        bytes += index.bytes;
      }
      return index;
    },
  };
}
