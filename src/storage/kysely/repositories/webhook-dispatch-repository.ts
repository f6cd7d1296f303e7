// The dispatcher's side: recorded events taken in order and fanned out into one delivery per
// enabled endpoint of their account.
import type { WebhookStore } from '../../../ports/webhook-store.ts';
import type { Db } from '../kysely-store.ts';
import { toEvent } from '../rows/event.ts';
import { toEndpoint } from '../rows/webhook.ts';

const INSERT_CHUNK = 500;

export type WebhookDispatchMethods = Pick<
  WebhookStore,
  'takeUndispatchedEvents' | 'countBacklog' | 'enabledEndpoints' | 'insertDeliveries' | 'markDispatched'
>;

/** `lockSkipping`: PostgreSQL skips the rows another process's transaction holds. */
export function createWebhookDispatchRepository(db: Db, lockSkipping: boolean): WebhookDispatchMethods {
  return {
    async takeUndispatchedEvents(limit) {
      let query = db
        .selectFrom('events')
        .selectAll()
        .where('dispatched_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit);
      if (lockSkipping) query = query.forUpdate().skipLocked();
      return (await query.execute()).map(toEvent);
    },
    async countBacklog() {
      // Both counts read partial indexes (status = 'pending', dispatched_at IS NULL).
      const [deliveries, events] = await Promise.all([
        db
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('dispatched_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return { pendingDeliveries: Number(deliveries.n), undispatchedEvents: Number(events.n) };
    },
    async enabledEndpoints(accountIds) {
      if (accountIds.length === 0) return [];
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', 'in', accountIds)
        .where('enabled', '=', 1)
        .execute();
      return rows.map(toEndpoint);
    },
    async insertDeliveries(deliveries) {
      for (let start = 0; start < deliveries.length; start += INSERT_CHUNK) {
        const values = deliveries.slice(start, start + INSERT_CHUNK).map((d) => ({
          id: d.id,
          account_id: d.accountId,
          endpoint_id: d.endpointId,
          event_id: d.eventId,
          event_type: d.eventType,
          status: 'pending',
          attempts: 0,
          max_attempts: d.maxAttempts,
          next_attempt_at: d.createdAt,
          created_at: d.createdAt,
          updated_at: d.createdAt,
        }));
        await db
          .insertInto('webhook_deliveries')
          .values(values)
          .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
          .execute();
      }
    },
    async markDispatched(eventIds, at) {
      if (eventIds.length === 0) return;
      await db.updateTable('events').set({ dispatched_at: at }).where('id', 'in', eventIds).execute();
    },
  };
}
