import type { DomainDeps, RequestContext } from '../context.ts';
import type { WebhookEndpointRecord } from '../../ports/webhook-store.ts';

/** The account's endpoints, newest first (at most ENDPOINTS_PER_ACCOUNT_MAX: no paging). */
export async function listEndpoints(
  deps: Pick<DomainDeps, 'store'>,
  ctx: RequestContext,
): Promise<WebhookEndpointRecord[]> {
  return deps.store.webhooks.listEndpoints(ctx.accountId);
}
