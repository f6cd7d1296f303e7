import type { RequestContext } from '../context.ts';
import type { WebhookEndpointRecord } from '../../ports/webhook-store.ts';
import type { Store } from '../../ports/store.ts';

/** The account's endpoints, newest first (at most ENDPOINTS_PER_ACCOUNT_MAX: no paging). */
export async function listEndpoints(
  deps: { store: Pick<Store, 'webhooks'> },
  ctx: RequestContext,
): Promise<WebhookEndpointRecord[]> {
  return deps.store.webhooks.listEndpoints(ctx.accountId);
}
