import type { IndexedChunks } from '../ports/knowledge-store.ts';
import type { IndexCache } from './index-cache.ts';
import { addChunks, buildAgentIndex, removeSources, type AgentIndex } from './agent-index.ts';

// Past this many versions behind, reading the change log and applying it is no cheaper than a
// rebuild (and the store keeps a bounded log anyway).
const MAX_DELTA_VERSIONS = 512;

/**
 * The agent's index at `version` (or newer): from the cache, brought up to date in place by the
 * changes logged since the cached version, or built from every passage on a cold start.
 */
export function loadIndex(
  deps: { chunks: IndexedChunks; cache: IndexCache },
  agentId: string,
  version: number,
  model: string,
  dimension: number,
): Promise<AgentIndex> {
  const { chunks } = deps;
  return deps.cache.get(agentId, version, model, {
    build: async () => buildAgentIndex(await chunks.searchable(agentId, model), dimension),
    update: (index, from) => updateAgentIndex(chunks, agentId, model, index, from, version),
  });
}

/**
 * Applies the agent's logged changes after version `from` up to `to` to `index`: the passages of
 * added sources are read and appended, deleted sources' passages removed. False, with the index
 * untouched, when only a rebuild will do: the log no longer covers the gap, a change was not an
 * add or delete (vectors re-embedded in place), or the delta outweighs the index.
 */
export async function updateAgentIndex(
  chunks: IndexedChunks,
  agentId: string,
  model: string,
  index: AgentIndex,
  from: number,
  to: number,
): Promise<boolean> {
  if (to - from > MAX_DELTA_VERSIONS) return false;
  const changes = await chunks.changesSince(agentId, from, to);
  if (changes.length !== to - from || changes.some((change) => change.kind === 'reset' || change.sourceId === null))
    return false;
  const added = changes.filter((change) => change.kind === 'add').map((change) => change.sourceId as string);
  const deleted = changes.filter((change) => change.kind === 'delete').map((change) => change.sourceId as string);
  const rows = await chunks.searchableOfSources(agentId, model, added);
  const removed = deleted.reduce((sum, sourceId) => sum + (index.bySource.get(sourceId)?.length ?? 0), 0);
  if (rows.length + removed > Math.max(index.live, 256)) return false;
  removeSources(index, deleted);
  addChunks(
    index,
    rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
  return true;
}
