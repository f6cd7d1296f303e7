import type { InsightStore } from '../../../ports/insight-store.ts';
import type { Db } from '../kysely-store.ts';
import { toConversation, toMessage, toToolCall } from '../rows/conversation.ts';

export function createInsightRepository(db: Db): InsightStore {
  return {
    async downvoted(accountId, agentId, period, { page, size }) {
      const scope = db
        .selectFrom('messages')
        .where('messages.account_id', '=', accountId)
        .where('messages.agent_id', '=', agentId)
        .where('messages.feedback_rating', '=', 'down')
        .where('messages.feedback_at', '>=', period.from)
        .where('messages.feedback_at', '<', period.to);
      const counted = await scope.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await scope
        .select((eb) => [
          'messages.id as id',
          'messages.conversation_id as conversationId',
          'messages.content as reply',
          'messages.feedback_comment as comment',
          'messages.feedback_at as ratedAt',
          'messages.author_name as authorName',
          // The user message the reply answered: the latest one before it in its conversation.
          eb
            .selectFrom('messages as asked')
            .select('asked.content')
            .whereRef('asked.conversation_id', '=', 'messages.conversation_id')
            .whereRef('asked.seq', '<', 'messages.seq')
            .where('asked.role', '=', 'user')
            .orderBy('asked.seq', 'desc')
            .limit(1)
            .as('question'),
        ])
        .orderBy('messages.feedback_at', 'desc')
        .orderBy('messages.id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return {
        items: rows.map((row) => ({
          messageId: row.id,
          conversationId: row.conversationId,
          question: row.question ?? null,
          reply: row.reply,
          comment: row.comment,
          ratedAt: Number(row.ratedAt),
          authorName: row.authorName,
        })),
        total: Number(counted.total),
      };
    },
    async conversationsForExport(accountId, agentId, period, cursor, limit) {
      let scope = db
        .selectFrom('conversations')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('created_at', '>=', period.from)
        .where('created_at', '<', period.to);
      if (cursor)
        scope = scope.where((eb) =>
          eb.or([
            eb('created_at', '>', cursor.createdAt),
            eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '>', cursor.id)]),
          ]),
        );
      const conversations = await scope.orderBy('created_at').orderBy('id').limit(limit).execute();
      if (conversations.length === 0) return [];
      const ids = conversations.map((row) => row.id);
      const messages = await db
        .selectFrom('messages')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('conversation_id', 'in', ids)
        .orderBy('conversation_id')
        .orderBy('seq')
        .execute();
      const calls = await db
        .selectFrom('tool_calls')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('conversation_id', 'in', ids)
        .orderBy('message_id')
        .orderBy('ordinal')
        .execute();
      const callsByMessage = Map.groupBy(calls.map(toToolCall), (call) => call.messageId);
      const byConversation = Map.groupBy(
        messages.map((row) => toMessage(row, callsByMessage.get(row.id) ?? [])),
        (message) => message.conversationId,
      );
      return conversations.map((row) => {
        const own = byConversation.get(row.id) ?? [];
        return { conversation: toConversation({ ...row, message_count: own.length }), messages: own };
      });
    },
    async toolCalls(accountId, conversationId, { page, size }) {
      const scope = db
        .selectFrom('tool_calls')
        .innerJoin('messages', 'messages.id', 'tool_calls.message_id')
        .where('tool_calls.account_id', '=', accountId)
        .where('tool_calls.conversation_id', '=', conversationId);
      const counted = await scope.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await scope
        .selectAll('tool_calls')
        .orderBy('messages.seq', 'desc')
        .orderBy('tool_calls.ordinal')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return { items: rows.map(toToolCall), total: Number(counted.total) };
    },
  };
}
