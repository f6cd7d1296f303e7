import type { RequestContext } from '../context.ts';
import type { WebhookEndpointRecord } from '../../ports/webhook-store.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

/** The caller's endpoint; another account's id is as unknown as a made-up one. */
export async function getEndpoint(
  deps: { store: Pick<Store, 'webhooks'> },
  ctx: RequestContext,
  endpointId: string,
): Promise<WebhookEndpointRecord> {
  const endpoint = await deps.store.webhooks.getEndpoint(ctx.accountId, endpointId);
  if (!endpoint) throw new AppError('NOT_FOUND', 'Webhook endpoint not found.');
  return endpoint;
}
