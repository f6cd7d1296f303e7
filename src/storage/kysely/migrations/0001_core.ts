// The first schema, written in the SQL both engines accept (BIGINT has INTEGER affinity on SQLite).
// Frozen as shipped: later migrations change the schema, this file never does.
import type { ShippedMigration } from './migrate.ts';

const CORE: string[] = [
  `CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    plan TEXT NOT NULL,
    credit_balance BIGINT NOT NULL DEFAULT 0,
    last_refill_amount BIGINT,
    last_refill_at BIGINT,
    created_at BIGINT NOT NULL
  )`,
  `CREATE TABLE members (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    role TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (account_id, email)
  )`,
  `CREATE TABLE agents (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    model TEXT NOT NULL,
    instructions TEXT NOT NULL DEFAULT '',
    usage BIGINT NOT NULL DEFAULT 0,
    storage_used BIGINT NOT NULL DEFAULT 0,
    tools TEXT NOT NULL DEFAULT '[]',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  `CREATE INDEX agents_by_account ON agents (account_id, created_at, id)`,
  `CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    key_prefix TEXT NOT NULL,
    allowed_agent_ids TEXT,
    allowed_ips TEXT,
    expires_at BIGINT,
    quota BIGINT,
    usage_total BIGINT NOT NULL DEFAULT 0,
    last_used_at BIGINT,
    revoked_at BIGINT,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX api_keys_by_account ON api_keys (account_id, created_at)`,
  // Append-only: agent and key ids are kept (no foreign key) so usage history outlives them.
  `CREATE TABLE credit_entries (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    amount BIGINT NOT NULL,
    balance_after BIGINT NOT NULL,
    agent_id TEXT,
    key_id TEXT,
    description TEXT,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX credit_entries_by_account ON credit_entries (account_id, created_at)`,
  // Written in the same transaction as the change each event reports (the outbox).
  `CREATE TABLE events (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX events_by_account ON events (account_id, created_at, id)`,
];

export const m0001Core: ShippedMigration = {
  sqlite: { name: '0001_core', statements: CORE },
  postgres: {
    name: '0001_core',
    statements: [
      ...CORE,
      // rate-limiter-flexible's table, shared by every server process (see rate-limit/).
      `CREATE TABLE rate_limits (key VARCHAR(255) PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire BIGINT)`,
    ],
  },
};
