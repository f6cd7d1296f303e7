import type { RequestContext } from '../context.ts';
import type { WebhookEndpointRecord } from '../../ports/webhook-store.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import type { Store } from '../../ports/store.ts';
import { pageOf } from '../pagination.ts';

/** One page of the account's endpoints, newest first (at most ENDPOINTS_PER_ACCOUNT_MAX, read whole). */
export async function listEndpoints(
  deps: { store: Pick<Store, 'webhooks'> },
  ctx: RequestContext,
  page: PageRequest,
): Promise<Page<WebhookEndpointRecord>> {
  return pageOf(await deps.store.webhooks.listEndpoints(ctx.accountId), page);
}
