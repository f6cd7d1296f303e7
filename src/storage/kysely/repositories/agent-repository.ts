import { sql } from 'kysely';
import { logKnowledgeChange } from './knowledge-change-log.ts';
import type { AgentStore } from '../../../ports/agent-store.ts';
import type { Store } from '../../../ports/store.ts';
import type { Db } from '../kysely-store.ts';
import { fromAgent, toAgent } from '../rows/agent.ts';
import { newestFirstPage } from '../newest-first-page.ts';

/** The database's own clock in ms: every node reads one clock, whatever its own says. */
const DATABASE_NOW = {
  postgres: sql<number>`CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)`,
  sqlite: sql<number>`CAST(unixepoch('subsec') * 1000 AS INTEGER)`,
};

export function createAgentRepository(db: Db, dialect: Store['dialect']): AgentStore {
  const now = DATABASE_NOW[dialect];
  return {
    async insert(agent) {
      await db.insertInto('agents').values(fromAgent(agent)).execute();
    },
    async get(accountId, agentId) {
      const row = await db
        .selectFrom('agents')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', agentId)
        .executeTakeFirst();
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
          ...(patch.handoffEnabled !== undefined && { handoff_enabled: patch.handoffEnabled ? 1 : 0 }),
          ...(patch.handoffHours !== undefined && {
            handoff_hours: patch.handoffHours === null ? null : JSON.stringify(patch.handoffHours),
          }),
          ...(patch.helpMessage !== undefined && { help_message: patch.helpMessage }),
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
      const result = await db
        .deleteFrom('agents')
        .where('account_id', '=', accountId)
        .where('id', '=', agentId)
        .executeTakeFirst();
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
      const rows = await db
        .selectFrom('agents')
        .select('id')
        .where('account_id', '=', accountId)
        .where('id', 'in', [...agentIds])
        .execute();
      return rows.map((row) => row.id);
    },
    async reserveStorage(accountId, agentId, amount, limit) {
      const row = await db
        .updateTable('agents')
        .set((eb) => ({ storage_used: eb('storage_used', '+', amount), storage_reserved_at: now }))
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
    async recountStorage(quietMs = 0) {
      const sources = sql<number>`COALESCE((SELECT SUM(sources.storage) FROM sources WHERE sources.agent_id = agents.id), 0)`;
      // PostgreSQL: a queued ingestion job holds its reservation until it settles, on any node.
      const queued = sql<number>`COALESCE((SELECT SUM(ingest_jobs.storage) FROM ingest_jobs WHERE ingest_jobs.agent_id = agents.id AND ingest_jobs.state = 'queued'), 0)`;
      const held =
        dialect === 'postgres'
          ? sql<number>`CAST(${sources} + ${queued} AS BIGINT)`
          : sql<number>`CAST(${sources} AS BIGINT)`;
      let query = db.updateTable('agents').set({ storage_used: held }).where('storage_used', '<>', held);
      if (quietMs > 0) query = query.where('storage_reserved_at', '<', sql<number>`${now} - ${quietMs}`);
      const result = await query.executeTakeFirst();
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
