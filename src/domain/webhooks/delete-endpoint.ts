import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

/** Removes the endpoint with its deliveries and their log; attempts in flight finish unrecorded. */
export async function deleteEndpoint(
  deps: { store: Pick<Store, 'webhooks'> },
  ctx: RequestContext,
  endpointId: string,
): Promise<void> {
  if (!(await deps.store.webhooks.deleteEndpoint(ctx.accountId, endpointId)))
    throw new AppError('NOT_FOUND', 'Webhook endpoint not found.');
}
