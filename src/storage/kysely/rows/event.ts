import type { EventRecord } from '../../../ports/event-store.ts';
import type { EventsTable } from '../schema/event.ts';

export const toEvent = (row: EventsTable): EventRecord => ({
  id: row.id,
  accountId: row.account_id,
  type: row.type,
  data: JSON.parse(row.data) as Record<string, unknown>,
  createdAt: row.created_at,
});
