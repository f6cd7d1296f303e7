import type { DomainDeps } from '../context.ts';
import type { NewDelivery } from '../../ports/webhook-store.ts';
import { receives } from './event-types.ts';
import { MAX_ATTEMPTS } from './retry-schedule.ts';
import type { Store } from '../../ports/store.ts';

/**
 * Fans recorded events out into one delivery per endpoint that receives them, and marks them
 * dispatched, in one transaction: an event is fanned out once, whichever process gets there.
 * Events go to the endpoints of the account that owns the resource (the event's account),
 * and only to endpoints that existed when the event was recorded. Returns how many events it took.
 */
export async function dispatchEvents(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  limit: number,
): Promise<number> {
  return deps.store.transaction(async (tx) => {
    const events = await tx.webhooks.takeUndispatchedEvents(limit);
    if (events.length === 0) return 0;
    const endpoints = await tx.webhooks.enabledEndpoints([...new Set(events.map((e) => e.accountId))]);
    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      for (const endpoint of endpoints) {
        if (
          endpoint.accountId !== event.accountId ||
          endpoint.createdAt > event.createdAt ||
          !receives(endpoint.eventTypes, event.type)
        )
          continue;
        deliveries.push({
          id: deps.ids.next('whd'),
          accountId: event.accountId,
          endpointId: endpoint.id,
          eventId: event.id,
          eventType: event.type,
          maxAttempts: MAX_ATTEMPTS,
          createdAt: event.createdAt,
        });
      }
    }
    await tx.webhooks.insertDeliveries(deliveries);
    await tx.webhooks.markDispatched(
      events.map((e) => e.id),
      deps.clock.now(),
    );
    return events.length;
  });
}
