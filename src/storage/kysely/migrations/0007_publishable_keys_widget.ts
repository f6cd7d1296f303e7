// The same on both engines: the key kind ('secret' keys are every key made before it) with a
// publishable key's origin allow-list, and the per-agent secret that host sites sign their users'
// ids with (widget identity verification). Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const PUBLISHABLE_KEYS_WIDGET: string[] = [
  `ALTER TABLE api_keys ADD COLUMN kind TEXT NOT NULL DEFAULT 'secret'`,
  `ALTER TABLE api_keys ADD COLUMN allowed_origins TEXT`,
  `CREATE TABLE widget_secrets (
    agent_id TEXT PRIMARY KEY REFERENCES agents(id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
];

export const m0007PublishableKeysWidget: ShippedMigration = {
  sqlite: { name: '0007_publishable_keys_widget', statements: PUBLISHABLE_KEYS_WIDGET },
  postgres: { name: '0007_publishable_keys_widget', statements: PUBLISHABLE_KEYS_WIDGET },
};
