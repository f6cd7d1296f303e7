import type { RequestContext } from '../context.ts';
import type { Page, PageRequest } from '../../ports/page.ts';
import { getEndpoint } from './get-endpoint.ts';
import { toDeliveryView, type DeliveryView } from './delivery-view.ts';
import type { Store } from '../../ports/store.ts';

/** An endpoint's delivery log, newest first, each delivery with its attempts. */
export async function listDeliveries(
  deps: { store: Pick<Store, 'webhooks'> },
  ctx: RequestContext,
  endpointId: string,
  page: PageRequest,
): Promise<Page<DeliveryView>> {
  await getEndpoint(deps, ctx, endpointId);
  const deliveries = await deps.store.webhooks.listDeliveries(ctx.accountId, endpointId, page);
  const attempts = await deps.store.webhooks.listAttempts(
    ctx.accountId,
    deliveries.items.map((d) => d.id),
  );
  return { items: deliveries.items.map((d) => toDeliveryView(d, attempts)), total: deliveries.total };
}
