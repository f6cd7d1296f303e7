import type { SourceStore, SourceRecord, SourceType, ChunkRecord } from '../../ports/knowledge-store.ts';
import type { ChunksTable, SourcesTable } from './database.ts';
import type { Db } from './kysely-store.ts';
import { fromVector } from './vectors.ts';
import { newestFirstPage } from './newest-first-page.ts';
import { logKnowledgeChange } from './knowledge-change-log.ts';

const toSource = (row: SourcesTable): SourceRecord => ({
  id: row.id,
  accountId: row.account_id,
  agentId: row.agent_id,
  type: row.type as SourceType,
  title: row.title,
  content: row.content,
  url: row.url,
  size: row.size,
  storage: row.storage,
  createdAt: row.created_at,
});

const fromChunk = (chunk: ChunkRecord): ChunksTable => ({
  id: chunk.id,
  source_id: chunk.sourceId,
  agent_id: chunk.agentId,
  ordinal: chunk.ordinal,
  content: chunk.content,
  heading: chunk.heading,
  page: chunk.page,
  terms: chunk.terms,
  embedding: fromVector(chunk.embedding),
  embedding_model: chunk.embeddingModel,
  embedding_dim: chunk.embedding.length,
});

// Bound on rows per INSERT: PostgreSQL allows 65535 parameters, SQLite 32766.
const CHUNK_ROWS_PER_INSERT = 500;

export function createSourceRepository(db: Db): SourceStore {
  return {
    async insert(source, chunks) {
      // DO NOTHING, not an error: on PostgreSQL an error would abort the caller's transaction.
      const inserted = await db
        .insertInto('sources')
        .values({
          id: source.id,
          account_id: source.accountId,
          agent_id: source.agentId,
          type: source.type,
          title: source.title,
          content: source.content,
          url: source.url,
          size: source.size,
          storage: source.storage,
          created_at: source.createdAt,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      for (let start = 0; start < chunks.length; start += CHUNK_ROWS_PER_INSERT) {
        await db.insertInto('chunks').values(chunks.slice(start, start + CHUNK_ROWS_PER_INSERT).map(fromChunk)).execute();
      }
      await logKnowledgeChange(db, source.agentId, { kind: 'add', sourceId: source.id });
      return true;
    },
    async get(accountId, agentId, sourceId) {
      const row = await db.selectFrom('sources').selectAll().where('account_id', '=', accountId).where('agent_id', '=', agentId).where('id', '=', sourceId).executeTakeFirst();
      return row && toSource(row);
    },
    async list(accountId, agentId, filter, page) {
      let query = db.selectFrom('sources').where('account_id', '=', accountId).where('agent_id', '=', agentId);
      if (filter.type) query = query.where('type', '=', filter.type);
      const { rows, total } = await newestFirstPage(query, page);
      return { items: rows.map(toSource), total };
    },
    async delete(accountId, agentId, sourceId) {
      // Chunks go with their source (ON DELETE CASCADE).
      const row = await db.deleteFrom('sources').where('account_id', '=', accountId).where('agent_id', '=', agentId).where('id', '=', sourceId).returningAll().executeTakeFirst();
      if (row) await logKnowledgeChange(db, agentId, { kind: 'delete', sourceId });
      return row && toSource(row);
    },
    async pageUrls(agentId) {
      const rows = await db.selectFrom('sources').select('url').where('agent_id', '=', agentId).where('url', 'is not', null).execute();
      return rows.flatMap((row) => (row.url === null ? [] : [row.url]));
    },
  };
}
