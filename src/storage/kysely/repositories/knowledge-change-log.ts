import type { KnowledgeChange } from '../../../ports/knowledge-store.ts';
import type { Db } from '../kysely-store.ts';

/** Versions of the log kept per agent: a process further behind rebuilds its index instead. */
export const KEPT_CHANGES = 1_024;
// Pruning runs on one version in this many, so most writes add one row and nothing more.
const PRUNE_EVERY = 64;

/**
 * Bumps the agent's knowledge version and records what changed under the new version. Call in
 * the transaction that makes the change: the row lock on the agent orders concurrent writers, so
 * a reader that sees version V finds every change up to V in the log.
 */
export async function logKnowledgeChange(
  db: Db,
  agentId: string,
  change: Omit<KnowledgeChange, 'version'>,
): Promise<void> {
  const row = await db
    .updateTable('agents')
    .set((eb) => ({ knowledge_version: eb('knowledge_version', '+', 1) }))
    .where('id', '=', agentId)
    .returning('knowledge_version')
    .executeTakeFirst();
  if (!row) return;
  const version = Number(row.knowledge_version);
  await db
    .insertInto('knowledge_changes')
    .values({ agent_id: agentId, version, kind: change.kind, source_id: change.sourceId })
    .execute();
  if (version % PRUNE_EVERY === 0)
    await db
      .deleteFrom('knowledge_changes')
      .where('agent_id', '=', agentId)
      .where('version', '<=', version - KEPT_CHANGES)
      .execute();
}
