import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { PageRequest } from '../../ports/store.ts';
import type { Database } from './database.ts';

/** Tables whose lists run newest first, by creation time then id. */
type NewestFirstTable = 'agents' | 'sources' | 'events' | 'webhook_deliveries';

/** One page of a filtered list, newest first, with the count of the whole list. */
export async function newestFirstPage<T extends NewestFirstTable>(query: SelectQueryBuilder<Database, T, object>, { page, size }: PageRequest): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { rows: rows as Selectable<Database[T]>[], total: Number(counted.total) };
}
