import type { WebhookEndpointRecord } from '../../ports/webhook-store.ts';

/** An endpoint as the CLI and the admin API show it: never its secret. */
export interface EndpointView {
  id: string;
  accountId: string;
  url: string;
  description: string;
  /** The types it receives; null: all (and `ping` always). */
  events: string[] | null;
  enabled: boolean;
  /** `gone` (the receiver answered 410) or `operator`, when disabled. */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toEndpointView(endpoint: WebhookEndpointRecord): EndpointView {
  return {
    id: endpoint.id,
    accountId: endpoint.accountId,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.eventTypes,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    createdAt: new Date(endpoint.createdAt).toISOString(),
    updatedAt: new Date(endpoint.updatedAt).toISOString(),
  };
}
