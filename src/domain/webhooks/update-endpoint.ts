import type { DomainDeps, RequestContext } from '../context.ts';
import type { WebhookEndpointPatch, WebhookEndpointRecord } from '../../ports/webhook-store.ts';
import { AppError, invalidBody } from '../errors.ts';
import { checkEndpointFields, type EndpointFields } from './endpoint-fields.ts';
import type { Store } from '../../ports/store.ts';

export interface EndpointUpdate extends EndpointFields {
  enabled?: boolean;
}

/** Changes URL, description, subscriptions, or enables/disables. Enabling sends what waited. */
export async function updateEndpoint(
  deps: Pick<DomainDeps, 'clock' | 'targetCheck'> & { store: Pick<Store, 'webhooks'> },
  ctx: RequestContext,
  endpointId: string,
  input: EndpointUpdate,
): Promise<WebhookEndpointRecord> {
  if (
    input.url === undefined &&
    input.description === undefined &&
    input.events === undefined &&
    input.enabled === undefined
  ) {
    throw invalidBody({ body: ['must contain at least one of url, description, events, enabled'] });
  }
  const fields = await checkEndpointFields(deps, input);
  const patch: WebhookEndpointPatch = {
    url: fields.url,
    description: fields.description,
    eventTypes: fields.events,
    updatedAt: deps.clock.now(),
  };
  if (input.enabled !== undefined) {
    patch.enabled = input.enabled;
    patch.disabledReason = input.enabled ? null : 'operator';
  }
  const endpoint = await deps.store.webhooks.updateEndpoint(ctx.accountId, endpointId, patch);
  if (!endpoint) throw new AppError('NOT_FOUND', 'Webhook endpoint not found.');
  return endpoint;
}
