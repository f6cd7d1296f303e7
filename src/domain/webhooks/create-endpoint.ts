import type { DomainDeps, RequestContext } from '../context.ts';
import type { WebhookEndpointRecord } from '../../ports/webhook-store.ts';
import { AppError, invalidBody } from '../errors.ts';
import { checkEndpointFields, type EndpointFields } from './endpoint-fields.ts';
import { newWebhookSecret } from './webhook-secret.ts';
import type { Store } from '../../ports/store.ts';

export const ENDPOINTS_PER_ACCOUNT_MAX = 20;

/** Adds an endpoint; it receives events recorded from now on. The secret is returned this once. */
export async function createEndpoint(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'targetCheck'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  input: EndpointFields & { url: string },
): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
  const fields = await checkEndpointFields(deps, input);
  const now = deps.clock.now();
  const secret = newWebhookSecret(deps.ids);
  const endpoint: WebhookEndpointRecord = {
    id: deps.ids.next('whk'),
    accountId: ctx.accountId,
    url: fields.url as string,
    description: fields.description ?? '',
    eventTypes: fields.events ?? null,
    secret,
    enabled: true,
    disabledReason: null,
    createdAt: now,
    updatedAt: now,
  };
  await deps.store.transaction(async (tx) => {
    if (!(await tx.accounts.get(ctx.accountId))) throw new AppError('NOT_FOUND', `No account ${ctx.accountId}.`);
    if ((await tx.webhooks.listEndpoints(ctx.accountId)).length >= ENDPOINTS_PER_ACCOUNT_MAX) {
      throw invalidBody({ url: [`an account has at most ${ENDPOINTS_PER_ACCOUNT_MAX} endpoints`] });
    }
    await tx.webhooks.insertEndpoint(endpoint);
  });
  return { endpoint, secret };
}
