import { sql } from 'kysely';
import { logKnowledgeChange } from './knowledge-change-log.ts';
import type { AgentStore } from '../../ports/store.ts';
import type { Db } from './kysely-store.ts';
import { fromAgent, toAgent } from './rows.ts';
import { newestFirstPage } from './newest-first-page.ts';

export function createAgentRepository(db: Db): AgentStore {
  return {
    async insert(agent) {
      await db.insertInto('agents').values(fromAgent(agent)).execute();
    },
    async get(accountId, agentId) {
      const row = await db.selectFrom('agents').selectAll().where('account_id', '=', accountId).where('id', '=', agentId).executeTakeFirst();
      return row && toAgent(row);
    },
    async list(accountId, page, onlyIds) {
      if (onlyIds && onlyIds.length === 0) return { items: [], total: 0 };
      let query = db.selectFrom('agents').where('account_id', '=', accountId);
      if (onlyIds) query = query.where('id', 'in', [...onlyIds]);
      const { rows, total } = await newestFirstPage(query, page);
      return { items: rows.map(toAgent), total };
    },
    async update(accountId, agentId, patch) {
      const row = await db
        .updateTable('agents')
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.model !== undefined && { model: patch.model }),
          ...(patch.instructions !== undefined && { instructions: patch.instructions }),
          ...(patch.tools !== undefined && { tools: JSON.stringify(patch.tools) }),
          updated_at: patch.updatedAt,
        })
        .where('account_id', '=', accountId)
        .where('id', '=', agentId)
        .returningAll()
        .executeTakeFirst();
      return row && toAgent(row);
    },
    async delete(accountId, agentId) {
      // Knowledge, conversations and messages reference agents ON DELETE CASCADE.
      const result = await db.deleteFrom('agents').where('account_id', '=', accountId).where('id', '=', agentId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async addUsage(accountId, agentId, amount) {
      await db
        .updateTable('agents')
        .set((eb) => ({ usage: eb('usage', '+', amount) }))
        .where('account_id', '=', accountId)
        .where('id', '=', agentId)
        .execute();
    },
    async existingIds(accountId, agentIds) {
      if (agentIds.length === 0) return [];
      const rows = await db.selectFrom('agents').select('id').where('account_id', '=', accountId).where('id', 'in', [...agentIds]).execute();
      return rows.map((row) => row.id);
    },
    async reserveStorage(accountId, agentId, amount, limit) {
      const row = await db
        .updateTable('agents')
        .set((eb) => ({ storage_used: eb('storage_used', '+', amount) }))
        .where('account_id', '=', accountId)
        .where('id', '=', agentId)
        .where((eb) => eb(eb('storage_used', '+', amount), '<=', limit))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async releaseStorage(accountId, agentId, amount) {
      await db
        .updateTable('agents')
        .set((eb) => ({ storage_used: eb('storage_used', '-', amount) }))
        .where('account_id', '=', accountId)
        .where('id', '=', agentId)
        .execute();
    },
    async recountStorage() {
      const held = sql<number>`CAST(COALESCE((SELECT SUM(sources.storage) FROM sources WHERE sources.agent_id = agents.id), 0) AS BIGINT)`;
      const result = await db.updateTable('agents').set({ storage_used: held }).where('storage_used', '<>', held).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async bumpKnowledgeVersion(agentId) {
      await logKnowledgeChange(db, agentId, { kind: 'reset', sourceId: null });
    },
    async ownerOf(agentId) {
      const row = await db.selectFrom('agents').select('account_id').where('id', '=', agentId).executeTakeFirst();
      return row?.account_id;
    },
  };
}
