import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { PageRequest } from '../../ports/page.ts';
import type { Database } from './schema/database.ts';

/** Tables whose lists run newest first: by creation time then id, unless `by` says otherwise. */
type NewestFirstTable =
  | 'agents'
  | 'sources'
  | 'events'
  | 'webhook_deliveries'
  | 'conversations'
  | 'messages'
  | 'test_questions'
  | 'test_runs';

/** One page of a filtered list, newest first (each column of `by` descending), with the count of the whole list. */
export async function newestFirstPage<T extends NewestFirstTable>(
  query: SelectQueryBuilder<Database, T, object>,
  { page, size }: PageRequest,
  by: ReadonlyArray<keyof Database[T] & string> = ['created_at', 'id'],
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let ordered = query.selectAll();
  for (const column of by) ordered = ordered.orderBy(sql.ref(column), 'desc');
  const rows = await ordered
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { rows: rows as Selectable<Database[T]>[], total: Number(counted.total) };
}
