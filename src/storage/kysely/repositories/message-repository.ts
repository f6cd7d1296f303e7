import type { MessageRecord, MessageStore, ToolCallStore } from '../../../ports/conversation-store.ts';
import type { MessagesTable } from '../schema/conversation.ts';
import type { Db } from '../kysely-store.ts';
import { toMessage, toToolCall } from '../rows/conversation.ts';
import { newestFirstPage } from '../newest-first-page.ts';

export function createMessageRepository(db: Db): MessageStore {
  const inConversation = (accountId: string, conversationId: string) =>
    db.selectFrom('messages').where('account_id', '=', accountId).where('conversation_id', '=', conversationId);

  /** The messages with their tool calls, fetched in one query for all of them. */
  async function withToolCalls(accountId: string, rows: MessagesTable[]): Promise<MessageRecord[]> {
    if (rows.length === 0) return [];
    const calls = await db
      .selectFrom('tool_calls')
      .selectAll()
      .where('account_id', '=', accountId)
      .where(
        'message_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('message_id')
      .orderBy('ordinal')
      .execute();
    const byMessage = Map.groupBy(calls.map(toToolCall), (call) => call.messageId);
    return rows.map((row) => toMessage(row, byMessage.get(row.id) ?? []));
  }

  return {
    async list(accountId, conversationId, page) {
      const { rows, total } = await newestFirstPage(inConversation(accountId, conversationId), page, ['seq']);
      return { items: await withToolCalls(accountId, rows), total };
    },
    async recent(accountId, conversationId, limit) {
      const rows = await inConversation(accountId, conversationId)
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return withToolCalls(accountId, rows.reverse());
    },
    async get(accountId, conversationId, messageId) {
      const row = await inConversation(accountId, conversationId)
        .selectAll()
        .where('id', '=', messageId)
        .executeTakeFirst();
      return row && (await withToolCalls(accountId, [row]))[0];
    },
    async after(accountId, conversationId, seq, limit) {
      const rows = await inConversation(accountId, conversationId)
        .selectAll()
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return withToolCalls(accountId, rows);
    },
    async delete(accountId, conversationId, messageId, andLater) {
      // One statement either way; tool calls go with their messages (ON DELETE CASCADE).
      const result = await db
        .deleteFrom('messages')
        .where('account_id', '=', accountId)
        .where('conversation_id', '=', conversationId)
        .where((eb) =>
          andLater
            ? eb(
                'seq',
                '>=',
                eb
                  .selectFrom('messages as target')
                  .select('target.seq')
                  .where('target.account_id', '=', accountId)
                  .where('target.conversation_id', '=', conversationId)
                  .where('target.id', '=', messageId),
              )
            : eb('id', '=', messageId),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async setFeedback(accountId, conversationId, messageId, feedback) {
      const result = await db
        .updateTable('messages')
        .set({ feedback_rating: feedback.rating, feedback_comment: feedback.comment, feedback_at: feedback.createdAt })
        .where('account_id', '=', accountId)
        .where('conversation_id', '=', conversationId)
        .where('id', '=', messageId)
        .where('role', '=', 'assistant')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export function createToolCallRepository(db: Db): ToolCallStore {
  return {
    async pending(accountId, conversationId) {
      const rows = await db
        .selectFrom('tool_calls')
        .innerJoin('messages', 'messages.id', 'tool_calls.message_id')
        .selectAll('tool_calls')
        .where('tool_calls.account_id', '=', accountId)
        .where('tool_calls.conversation_id', '=', conversationId)
        .where('tool_calls.status', '=', 'pending')
        .orderBy('messages.seq')
        .orderBy('tool_calls.ordinal')
        .execute();
      return rows.map(toToolCall);
    },
    async get(accountId, conversationId, toolCallId) {
      const row = await db
        .selectFrom('tool_calls')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('conversation_id', '=', conversationId)
        .where('id', '=', toolCallId)
        .executeTakeFirst();
      return row && toToolCall(row);
    },
    async settle(accountId, conversationId, toolCallId, status, output, at) {
      // Conditional on the state read in the same statement: of two settles, one wins.
      const result = await db
        .updateTable('tool_calls')
        .set({ status, output: status === 'completed' ? output : null, updated_at: at })
        .where('account_id', '=', accountId)
        .where('conversation_id', '=', conversationId)
        .where('id', '=', toolCallId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
