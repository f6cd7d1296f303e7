import type { DomainDeps, RequestContext } from '../context.ts';
import type { WebhookDeliveryRecord } from '../../ports/webhook-store.ts';
import { AppError } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';
import { MAX_ATTEMPTS } from './retry-schedule.ts';
import type { Store } from '../../ports/store.ts';

export const PING_MESSAGE = 'This is a test event from Colloquy.';

/**
 * Records a `ping` for one endpoint and queues its delivery in the same transaction. The event is
 * marked dispatched at once, so it goes to this endpoint only, whatever its subscriptions; it is
 * retried like any other delivery (a disabled endpoint gets it once enabled again).
 */
export async function sendTestPing(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  endpointId: string,
): Promise<WebhookDeliveryRecord> {
  return deps.store.transaction(async (tx) => {
    const endpoint = await tx.webhooks.getEndpoint(ctx.accountId, endpointId);
    if (!endpoint) throw new AppError('NOT_FOUND', 'Webhook endpoint not found.');
    const event = await recordEvent(tx, deps, ctx.accountId, 'ping', { message: PING_MESSAGE });
    const id = deps.ids.next('whd');
    await tx.webhooks.insertDeliveries([
      {
        id,
        accountId: ctx.accountId,
        endpointId,
        eventId: event.id,
        eventType: 'ping',
        maxAttempts: MAX_ATTEMPTS,
        createdAt: event.createdAt,
      },
    ]);
    await tx.webhooks.markDispatched([event.id], event.createdAt);
    return (await tx.webhooks.getDelivery(ctx.accountId, id)) as WebhookDeliveryRecord;
  });
}
