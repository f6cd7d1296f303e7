import type { QuestionStore } from '../../../ports/insight-store.ts';
import type { Db } from '../kysely-store.ts';
import type { Store } from '../../../ports/store.ts';
import { fromVector } from '../rows/vector.ts';
import { toQuestion } from '../rows/insight.ts';

export function createQuestionRepository(db: Db, dialect: Store['dialect']): QuestionStore {
  return {
    async insert(q) {
      await db
        .insertInto('questions')
        .values({
          id: q.id,
          account_id: q.accountId,
          agent_id: q.agentId,
          conversation_id: q.conversationId,
          message_id: q.messageId,
          origin: q.origin,
          text: q.text,
          grounded: q.grounded ? 1 : 0,
          best_score: q.bestScore,
          embedding: q.embedding ? fromVector(q.embedding) : null,
          embedding_model: q.embeddingModel,
          answered_by_source_id: q.answeredBySourceId,
          created_at: q.createdAt,
        })
        .execute();
    },
    async inPeriod(accountId, agentId, period, filter, limit) {
      let scope = db
        .selectFrom('questions')
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('created_at', '>=', period.from)
        .where('created_at', '<', period.to);
      if (filter.origin) scope = scope.where('origin', '=', filter.origin);
      if (filter.unanswered) scope = scope.where('grounded', '=', 0).where('answered_by_source_id', 'is', null);
      const counted = await scope.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await scope.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return { items: rows.map(toQuestion), total: Number(counted.total) };
    },
    async byIds(accountId, agentId, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('questions')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map(toQuestion);
    },
    async setEmbedding(questionId, embedding, model) {
      await db
        .updateTable('questions')
        .set({ embedding: fromVector(embedding), embedding_model: model })
        .where('id', '=', questionId)
        .execute();
    },
    async markAnswered(accountId, agentId, ids, sourceId) {
      if (ids.length === 0) return 0;
      // PostgreSQL: lock the rows in id order first. The update alone locks them in whatever order
      // its plan meets them (index or heap order), so two answers to overlapping groups could each
      // hold a question the other waits for: a deadlock, a 500. In one order the later one waits,
      // then finds the shared questions answered. SQLite has one writer.
      if (dialect === 'postgres')
        await db
          .selectFrom('questions')
          .select('id')
          .where('account_id', '=', accountId)
          .where('agent_id', '=', agentId)
          .where('id', 'in', [...ids])
          .orderBy('id')
          .forUpdate()
          .execute();
      const marked = await db
        .updateTable('questions')
        .set({ answered_by_source_id: sourceId })
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('id', 'in', [...ids])
        .where('answered_by_source_id', 'is', null)
        .executeTakeFirst();
      return Number(marked.numUpdatedRows);
    },
  };
}
