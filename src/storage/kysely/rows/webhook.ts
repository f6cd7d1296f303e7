// Row ⇄ record mapping of the webhook tables.
import type {
  DeliveryStatus,
  WebhookAttemptRecord,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '../../../ports/webhook-store.ts';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../schema/webhook.ts';

export const toEndpoint = (row: WebhookEndpointsTable): WebhookEndpointRecord => ({
  id: row.id,
  accountId: row.account_id,
  url: row.url,
  description: row.description,
  eventTypes: row.event_types === null ? null : (JSON.parse(row.event_types) as string[]),
  secret: row.secret,
  enabled: Number(row.enabled) === 1,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const fromEndpoint = (e: WebhookEndpointRecord): WebhookEndpointsTable => ({
  id: e.id,
  account_id: e.accountId,
  url: e.url,
  description: e.description,
  event_types: e.eventTypes === null ? null : JSON.stringify(e.eventTypes),
  secret: e.secret,
  enabled: e.enabled ? 1 : 0,
  disabled_reason: e.disabledReason,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
});

export const toDelivery = (row: WebhookDeliveriesTable): WebhookDeliveryRecord => ({
  id: row.id,
  accountId: row.account_id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status as DeliveryStatus,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
  nextAttemptAt: row.next_attempt_at,
  leaseToken: row.lease_token,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  lastLatencyMs: row.last_latency_ms,
  deliveredAt: row.delivered_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toAttempt = (row: WebhookAttemptsTable): WebhookAttemptRecord => ({
  id: row.id,
  deliveryId: row.delivery_id,
  endpointId: row.endpoint_id,
  attempt: row.attempt,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  statusCode: row.status_code,
  error: row.error,
  latencyMs: row.latency_ms,
  responseBody: row.response_body,
});

export const fromAttempt = (a: WebhookAttemptRecord): WebhookAttemptsTable => ({
  id: a.id,
  delivery_id: a.deliveryId,
  endpoint_id: a.endpointId,
  attempt: a.attempt,
  started_at: a.startedAt,
  finished_at: a.finishedAt,
  status_code: a.statusCode,
  error: a.error,
  latency_ms: a.latencyMs,
  response_body: a.responseBody,
});
