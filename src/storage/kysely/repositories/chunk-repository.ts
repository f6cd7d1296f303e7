import type { ChunkStore, KnowledgeChange, SourceType } from '../../../ports/knowledge-store.ts';
import type { Db } from '../kysely-store.ts';
import { fromVector } from '../rows/vector.ts';
import { toSearchable } from '../rows/knowledge.ts';
import { logKnowledgeChange } from './knowledge-change-log.ts';

export function createChunkRepository(db: Db): ChunkStore {
  return {
    async searchable(agentId, model) {
      const rows = await db
        .selectFrom('chunks')
        .select(['id', 'source_id', 'terms', 'embedding'])
        .where('agent_id', '=', agentId)
        .where('embedding_model', '=', model)
        .orderBy('id')
        .execute();
      return rows.map(toSearchable);
    },
    async searchableOfSources(agentId, model, sourceIds) {
      if (sourceIds.length === 0) return [];
      const rows = await db
        .selectFrom('chunks')
        .select(['id', 'source_id', 'terms', 'embedding'])
        .where('agent_id', '=', agentId)
        .where('embedding_model', '=', model)
        .where('source_id', 'in', [...sourceIds])
        .execute();
      return rows.map(toSearchable);
    },
    async changesSince(agentId, after, upTo) {
      const rows = await db
        .selectFrom('knowledge_changes')
        .select(['version', 'kind', 'source_id'])
        .where('agent_id', '=', agentId)
        .where('version', '>', after)
        .where('version', '<=', upTo)
        .orderBy('version')
        .execute();
      return rows.map((row) => ({
        version: Number(row.version),
        kind: row.kind as KnowledgeChange['kind'],
        sourceId: row.source_id,
      }));
    },
    async withSources(agentId, chunkIds) {
      if (chunkIds.length === 0) return [];
      const rows = await db
        .selectFrom('chunks')
        .innerJoin('sources', 'sources.id', 'chunks.source_id')
        .select([
          'chunks.id as id',
          'chunks.agent_id as agentId',
          'chunks.content as content',
          'sources.id as sourceId',
          'sources.type as sourceType',
          'sources.title as sourceTitle',
        ])
        .where('chunks.id', 'in', [...chunkIds])
        .execute();
      // The agent is checked here, not in SQL: with it in the WHERE clause SQLite's planner took
      // the (agent_id, …) index for a few dozen ids and read every passage of the agent instead of
      // looking each id up by primary key.
      return rows
        .filter((row) => row.agentId === agentId)
        .map((row) => ({
          id: row.id,
          content: row.content,
          source: { id: row.sourceId, type: row.sourceType as SourceType, title: row.sourceTitle },
        }));
    },
    async passageBatch(agentId, afterId, limit) {
      let query = db
        .selectFrom('chunks')
        .select(['id', 'source_id', 'terms', 'content', 'heading'])
        .where('agent_id', '=', agentId);
      if (afterId !== null) query = query.where('id', '>', afterId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        sourceId: row.source_id,
        terms: row.terms,
        content: row.content,
        heading: row.heading,
      }));
    },
    async staleBatch(agentId, model, limit) {
      return db
        .selectFrom('chunks')
        .select(['id', 'content', 'heading'])
        .where('agent_id', '=', agentId)
        .where('embedding_model', '<>', model)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    async setEmbedding(chunkId, embedding, model) {
      await db
        .updateTable('chunks')
        .set({ embedding: fromVector(embedding), embedding_model: model, embedding_dim: embedding.length })
        .where('id', '=', chunkId)
        .execute();
    },
    async countOlderTerms(version) {
      const row = await db
        .selectFrom('chunks')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('terms_version', '<', version)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async olderTermsBatch(version, limit) {
      const rows = await db
        .selectFrom('chunks')
        .select(['id', 'agent_id', 'source_id', 'content', 'heading'])
        .where('terms_version', '<', version)
        .orderBy('terms_version')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        agentId: row.agent_id,
        sourceId: row.source_id,
        content: row.content,
        heading: row.heading,
      }));
    },
    async replaceTerms(passages, version) {
      // Passages in id order, then agents' rows (the change log) in id order: every writer takes
      // chunk locks before agent locks, as deleting a source does, so concurrent nodes never deadlock.
      const byId = [...passages].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const changed = new Map<string, { agentId: string; sourceId: string }>();
      let updated = 0;
      for (const passage of byId) {
        const result = await db
          .updateTable('chunks')
          .set({ terms: passage.terms, terms_version: version })
          .where('id', '=', passage.id)
          .where('terms_version', '<', version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) continue;
        updated += 1;
        changed.set(`${passage.agentId} ${passage.sourceId}`, { agentId: passage.agentId, sourceId: passage.sourceId });
      }
      for (const key of [...changed.keys()].sort()) {
        const { agentId, sourceId } = changed.get(key) as { agentId: string; sourceId: string };
        // As a page re-indexed in place: its passages deleted and added again.
        await logKnowledgeChange(db, agentId, { kind: 'delete', sourceId });
        await logKnowledgeChange(db, agentId, { kind: 'add', sourceId });
      }
      return updated;
    },
  };
}
