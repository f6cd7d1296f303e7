// Webhooks, in the SQL both engines accept. Booleans are INTEGER 0/1 on both. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const WEBHOOKS: string[] = [
  // The events table is the outbox: NULL until the event has been fanned out into deliveries.
  // Events recorded before this migration are not sent to endpoints created after it.
  `ALTER TABLE events ADD COLUMN dispatched_at BIGINT`,
  `UPDATE events SET dispatched_at = created_at`,
  `CREATE INDEX events_undispatched ON events (created_at, id) WHERE dispatched_at IS NULL`,
  `CREATE TABLE webhook_endpoints (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    event_types TEXT,
    secret TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1,
    disabled_reason TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  `CREATE INDEX webhook_endpoints_by_account ON webhook_endpoints (account_id, created_at)`,
  `CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    event_type TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    next_attempt_at BIGINT,
    lease_token TEXT,
    last_status_code INTEGER,
    last_error TEXT,
    last_latency_ms INTEGER,
    delivered_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (event_id, endpoint_id)
  )`,
  `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint_id, next_attempt_at) WHERE status = 'pending'`,
  `CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at, id)`,
  `CREATE TABLE webhook_attempts (
    id TEXT PRIMARY KEY,
    delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
    endpoint_id TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    started_at BIGINT NOT NULL,
    finished_at BIGINT,
    status_code INTEGER,
    error TEXT,
    latency_ms INTEGER,
    response_body TEXT
  )`,
  `CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, attempt)`,
  // One row per account: the refill (credit entry) whose low-credit alert has been recorded.
  `CREATE TABLE credit_low_alerts (
    account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    refill_entry_id TEXT NOT NULL,
    sent_at BIGINT NOT NULL
  )`,
  `CREATE INDEX credit_entries_refills ON credit_entries (account_id, created_at, id) WHERE kind IN ('topup', 'allowance')`,
];

export const m0003Webhooks: ShippedMigration = {
  sqlite: { name: '0003_webhooks', statements: WEBHOOKS },
  postgres: { name: '0003_webhooks', statements: WEBHOOKS },
};
