// The same on both engines: what the widget's routes recently refused per publishable key (a page
// origin the key does not list, a user id signed with the wrong secret), so a site owner sees why
// the widget does not work on their site. Bounded per key. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const WIDGET_REFUSALS: string[] = [
  `CREATE TABLE widget_refusals (
    key_id TEXT NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    reason TEXT NOT NULL,
    origin TEXT NOT NULL,
    times INTEGER NOT NULL,
    first_at BIGINT NOT NULL,
    last_at BIGINT NOT NULL,
    PRIMARY KEY (key_id, reason, origin)
  )`,
  `CREATE INDEX widget_refusals_account ON widget_refusals (account_id, last_at)`,
];

export const m0013WidgetRefusals: ShippedMigration = {
  sqlite: { name: '0013_widget_refusals', statements: WIDGET_REFUSALS },
  postgres: { name: '0013_widget_refusals', statements: WIDGET_REFUSALS },
};
