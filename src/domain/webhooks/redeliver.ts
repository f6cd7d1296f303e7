import type { DomainDeps, RequestContext } from '../context.ts';
import type { WebhookDeliveryRecord } from '../../ports/webhook-store.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

/**
 * Sends a delivery again now, with the same `webhook-id`: a pending one skips its wait; a finished
 * one (succeeded or failed) gets one more attempt. One in flight is left to finish.
 */
export async function redeliver(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'webhooks'> },
  ctx: RequestContext,
  deliveryId: string,
): Promise<WebhookDeliveryRecord> {
  const delivery = await deps.store.webhooks.redeliver(ctx.accountId, deliveryId, deps.clock.now());
  if (!delivery) throw new AppError('NOT_FOUND', 'Webhook delivery not found.');
  return delivery;
}
