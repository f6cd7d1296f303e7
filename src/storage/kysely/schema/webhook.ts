// Webhook endpoints, the deliveries of events to them, and each delivery's attempts.

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  description: string;
  event_types: string | null;
  secret: string;
  enabled: number;
  disabled_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  account_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  max_attempts: number;
  next_attempt_at: number | null;
  lease_token: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_latency_ms: number | null;
  delivered_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  endpoint_id: string;
  attempt: number;
  started_at: number;
  finished_at: number | null;
  status_code: number | null;
  error: string | null;
  latency_ms: number | null;
  response_body: string | null;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
