import type { EventStore } from '../../ports/store.ts';
import type { Db } from './kysely-store.ts';
import { toEvent } from './rows.ts';

export function createEventRepository(db: Db): EventStore {
  return {
    async insert(event) {
      await db
        .insertInto('events')
        .values({ id: event.id, account_id: event.accountId, type: event.type, data: JSON.stringify(event.data), created_at: event.createdAt })
        .execute();
    },
    async list(accountId, { page, size }) {
      const counted = await db.selectFrom('events').where('account_id', '=', accountId).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('events')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return { items: rows.map(toEvent), total: Number(counted.total) };
    },
  };
}
