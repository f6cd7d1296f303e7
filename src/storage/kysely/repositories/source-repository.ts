import { sql } from 'kysely';
import type { SourceStore, ChunkRecord } from '../../../ports/knowledge-store.ts';
import type { Db } from '../kysely-store.ts';
import type { Store } from '../../../ports/store.ts';
import { newestFirstPage } from '../newest-first-page.ts';
import { logKnowledgeChange } from './knowledge-change-log.ts';
import { toSource, toPageState, fromPageState, fromChunk } from '../rows/knowledge.ts';

// Bound on rows per INSERT: PostgreSQL allows 65535 parameters, SQLite 32766.
const CHUNK_ROWS_PER_INSERT = 500;

async function insertChunks(db: Db, chunks: ChunkRecord[]): Promise<void> {
  for (let start = 0; start < chunks.length; start += CHUNK_ROWS_PER_INSERT) {
    await db
      .insertInto('chunks')
      .values(chunks.slice(start, start + CHUNK_ROWS_PER_INSERT).map(fromChunk))
      .execute();
  }
}

export function createSourceRepository(db: Db, dialect: Store['dialect']): SourceStore {
  return {
    async insert(source, chunks, page) {
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
          content_hash: source.contentHash ?? null,
          ...fromPageState(page),
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      await insertChunks(db, chunks);
      await logKnowledgeChange(db, source.agentId, { kind: 'add', sourceId: source.id });
      return true;
    },
    async findByHash(accountId, agentId, type, contentHash) {
      const row = await db
        .selectFrom('sources')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('type', '=', type)
        .where('content_hash', '=', contentHash)
        .orderBy('created_at')
        .executeTakeFirst();
      return row && toSource(row);
    },
    async pageHashes(agentId) {
      const rows = await db
        .selectFrom('sources')
        .select(['id', 'url', 'content_hash'])
        .where('agent_id', '=', agentId)
        .where('url', 'is not', null)
        .execute();
      return rows.map((row) => ({ id: row.id, url: row.url ?? '', contentHash: row.content_hash }));
    },
    async sitePages(accountId, siteId) {
      const rows = await db
        .selectFrom('sources')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('site_id', '=', siteId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ source: toSource(row), page: toPageState(row) }));
    },
    async replaceContent(accountId, agentId, sourceId, patch, chunks) {
      const updated = await db
        .updateTable('sources')
        .set({
          title: patch.title,
          storage: patch.storage,
          content_hash: patch.contentHash,
          ...fromPageState(patch.page),
        })
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('id', '=', sourceId)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return false;
      await db.deleteFrom('chunks').where('source_id', '=', sourceId).execute();
      await insertChunks(db, chunks);
      // Logged as the old passages deleted and the new ones added: cached indexes apply it as a delta.
      await logKnowledgeChange(db, agentId, { kind: 'delete', sourceId });
      await logKnowledgeChange(db, agentId, { kind: 'add', sourceId });
      return true;
    },
    async adoptPages(accountId, agentId, siteId, origin) {
      const prefix = `${origin}/`;
      await db
        .updateTable('sources')
        .set({ site_id: siteId })
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('type', '=', 'website')
        .where('site_id', 'is', null)
        .where(sql<string>`substr(url, 1, ${prefix.length})`, '=', prefix)
        .execute();
    },
    async setPageState(sourceId, page) {
      await db.updateTable('sources').set(fromPageState(page)).where('id', '=', sourceId).execute();
    },
    async get(accountId, agentId, sourceId) {
      const row = await db
        .selectFrom('sources')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('id', '=', sourceId)
        .executeTakeFirst();
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
      const row = await db
        .deleteFrom('sources')
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('id', '=', sourceId)
        .returningAll()
        .executeTakeFirst();
      if (row) await logKnowledgeChange(db, agentId, { kind: 'delete', sourceId });
      return row && toSource(row);
    },
    async existing(accountId, agentId, sourceIds) {
      if (sourceIds.length === 0) return [];
      let query = db
        .selectFrom('sources')
        .select('id')
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('id', 'in', [...sourceIds])
        .orderBy('id');
      if (dialect === 'postgres') query = query.forShare();
      return (await query.execute()).map((row) => row.id);
    },
    async pageUrls(agentId) {
      const rows = await db
        .selectFrom('sources')
        .select('url')
        .where('agent_id', '=', agentId)
        .where('url', 'is not', null)
        .execute();
      return rows.flatMap((row) => (row.url === null ? [] : [row.url]));
    },
  };
}
