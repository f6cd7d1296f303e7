import type { EventStore } from '../../../ports/event-store.ts';
import type { Db } from '../kysely-store.ts';
import { toEvent } from '../rows/event.ts';
import { newestFirstPage } from '../newest-first-page.ts';

export function createEventRepository(db: Db): EventStore {
  return {
    async insert(event) {
      await db
        .insertInto('events')
        .values({
          id: event.id,
          account_id: event.accountId,
          type: event.type,
          data: JSON.stringify(event.data),
          created_at: event.createdAt,
        })
        .execute();
    },
    async list(accountId, page) {
      const { rows, total } = await newestFirstPage(db.selectFrom('events').where('account_id', '=', accountId), page);
      return { items: rows.map(toEvent), total };
    },
  };
}
