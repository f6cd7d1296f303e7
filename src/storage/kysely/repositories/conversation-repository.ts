import type { ConversationStore } from '../../../ports/conversation-store.ts';
import type { Store } from '../../../ports/store.ts';
import type { Db } from '../kysely-store.ts';
import type { ConversationsTable } from '../schema/conversation.ts';
import { atomically } from '../atomically.ts';
import { fromConversation, fromNewMessage, toConversation, toMessage, toToolCall } from '../rows/conversation.ts';
import { newestFirstPage } from '../newest-first-page.ts';

export function createConversationRepository(db: Db, dialect: Store['dialect']): ConversationStore {
  // The message count is counted, not kept: it cannot drift from the rows whatever deletes them.
  const withCount = (accountId: string, agentId: string) =>
    db
      .selectFrom('conversations')
      .selectAll('conversations')
      .select((eb) =>
        eb
          .selectFrom('messages')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('messages.conversation_id', '=', 'conversations.id')
          .as('message_count'),
      )
      .where('account_id', '=', accountId)
      .where('agent_id', '=', agentId);

  async function first(query: ReturnType<typeof withCount>) {
    const row = await query.executeTakeFirst();
    return row && toConversation({ ...row, message_count: row.message_count ?? 0 });
  }
  /** The page's rows with their message counts, in one query for all of them. */
  async function counted(accountId: string, rows: ConversationsTable[]) {
    if (rows.length === 0) return [];
    const counts = await db
      .selectFrom('messages')
      .select((eb) => ['conversation_id', eb.fn.countAll<number>().as('n')])
      .where('account_id', '=', accountId)
      .where(
        'conversation_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('conversation_id')
      .execute();
    const byId = new Map(counts.map((row) => [row.conversation_id, row.n]));
    return rows.map((row) => toConversation({ ...row, message_count: byId.get(row.id) ?? 0 }));
  }
  const findByUser = (accountId: string, agentId: string, userId: string) =>
    first(withCount(accountId, agentId).where('user_id', '=', userId));

  return {
    get: (accountId, agentId, conversationId) => first(withCount(accountId, agentId).where('id', '=', conversationId)),
    findByUser,
    async insertOrGet(conversation) {
      let insert = db.insertInto('conversations').values(fromConversation(conversation));
      // DO NOTHING, not an error: on PostgreSQL an error would abort the caller's transaction.
      if (conversation.userId !== null)
        insert = insert.onConflict((oc) =>
          oc.columns(['agent_id', 'user_id']).where('user_id', 'is not', null).doNothing(),
        );
      const inserted = await insert.returningAll().executeTakeFirst();
      if (inserted) return toConversation({ ...inserted, message_count: 0 });
      // Another request inserted this user's conversation first; it has committed (the insert waited for it).
      const existing =
        conversation.userId === null
          ? undefined
          : await findByUser(conversation.accountId, conversation.agentId, conversation.userId);
      if (!existing) throw new Error(`conversation of user ${String(conversation.userId)} neither inserted nor found`);
      return existing;
    },
    async list(accountId, agentId, page, options) {
      let scope = db.selectFrom('conversations').where('account_id', '=', accountId).where('agent_id', '=', agentId);
      if (options?.withMessages) {
        scope = scope.where((eb) =>
          eb.exists(
            eb
              .selectFrom('messages')
              .select('messages.id')
              .where('messages.account_id', '=', accountId)
              .whereRef('messages.conversation_id', '=', 'conversations.id'),
          ),
        );
      }
      const { rows, total } = await newestFirstPage(scope, page, ['updated_at', 'id']);
      return { items: await counted(accountId, rows), total };
    },
    async setState(accountId, agentId, conversationId, state, handoff) {
      const result = await db
        .updateTable('conversations')
        .set({
          handoff_state: state,
          ...(handoff && {
            handoff_reason: handoff.reason,
            handoff_by: handoff.requestedBy,
            handoff_at: handoff.at,
            handoff_assignee: null,
          }),
        })
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('id', '=', conversationId)
        .where('handoff_state', '<>', state)
        .executeTakeFirst();
      const conversation = await first(withCount(accountId, agentId).where('id', '=', conversationId));
      return conversation && { conversation, moved: Number(result.numUpdatedRows) > 0 };
    },
    async assign(accountId, agentId, conversationId, assignee) {
      const result = await db
        .updateTable('conversations')
        .set({ handoff_assignee: assignee })
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .where('id', '=', conversationId)
        .where('handoff_state', '=', 'people')
        .executeTakeFirst();
      const conversation = await first(withCount(accountId, agentId).where('id', '=', conversationId));
      return conversation && { conversation, assigned: Number(result.numUpdatedRows) > 0 };
    },
    async unreadCounts(accountId, conversationIds) {
      if (conversationIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select((eb) => ['m.conversation_id', eb.fn.countAll<number>().as('n')])
        .where('m.account_id', '=', accountId)
        .where('m.conversation_id', 'in', [...conversationIds])
        .where('m.role', '=', 'user')
        .where((eb) => eb('m.created_at', '>=', eb.fn.coalesce('c.handoff_at', eb.val(0))))
        .where((eb) =>
          eb(
            'm.seq',
            '>',
            eb.fn.coalesce(
              eb
                .selectFrom('messages as p')
                .select((inner) => inner.fn.max('p.seq').as('s'))
                .whereRef('p.conversation_id', '=', 'm.conversation_id')
                .where('p.author_name', 'is not', null),
              eb.val(0),
            ),
          ),
        )
        .groupBy('m.conversation_id')
        .execute();
      return new Map(rows.map((row) => [row.conversation_id, Number(row.n)]));
    },
    async listWithPeople(accountId, page, onlyAgentIds) {
      if (onlyAgentIds && onlyAgentIds.length === 0) return { items: [], total: 0 };
      let scope = db
        .selectFrom('conversations')
        .where('account_id', '=', accountId)
        .where('handoff_state', '=', 'people');
      if (onlyAgentIds) scope = scope.where('agent_id', 'in', [...onlyAgentIds]);
      const { rows, total } = await newestFirstPage(scope, page, ['updated_at', 'id']);
      return { items: await counted(accountId, rows), total };
    },
    async delete(accountId, agentId, conversationId) {
      return atomically(db, async (tx) => {
        // PostgreSQL: lock the row, so an append (which updates it first) either finished before
        // the count below or waits and then finds no conversation. SQLite has one writer.
        let owned = tx
          .selectFrom('conversations')
          .select('id')
          .where('account_id', '=', accountId)
          .where('agent_id', '=', agentId)
          .where('id', '=', conversationId);
        if (dialect === 'postgres') owned = owned.forUpdate();
        if (!(await owned.executeTakeFirst())) return undefined;
        const removed = await tx
          .deleteFrom('messages')
          .where('account_id', '=', accountId)
          .where('conversation_id', '=', conversationId)
          .executeTakeFirst();
        await tx
          .deleteFrom('conversations')
          .where('account_id', '=', accountId)
          .where('id', '=', conversationId)
          .execute();
        return Number(removed.numDeletedRows);
      });
    },
    async appendMessages(accountId, conversationId, messages, at, title) {
      if (messages.length === 0) return [];
      return atomically(db, async (tx) => {
        // One statement takes the seqs: concurrent appends queue on the row and never share one.
        const taken = await tx
          .updateTable('conversations')
          .set((eb) => ({
            last_seq: eb('last_seq', '+', messages.length),
            updated_at: at,
            ...(title !== null && { title: eb.fn.coalesce('title', eb.val(title)) }),
          }))
          .where('account_id', '=', accountId)
          .where('id', '=', conversationId)
          .returning(['agent_id', 'last_seq'])
          .executeTakeFirst();
        if (!taken) throw new Error(`conversation ${conversationId} not found for an append`);
        const first = taken.last_seq - messages.length + 1;
        const rows = messages.map((message, index) =>
          fromNewMessage(message, { accountId, agentId: taken.agent_id, conversationId, seq: first + index }),
        );
        await tx
          .insertInto('messages')
          .values(rows.map((row) => row.message))
          .execute();
        const calls = rows.flatMap((row) => row.toolCalls);
        if (calls.length > 0) await tx.insertInto('tool_calls').values(calls).execute();
        return rows.map((row) => toMessage(row.message, row.toolCalls.map(toToolCall)));
      });
    },
  };
}
