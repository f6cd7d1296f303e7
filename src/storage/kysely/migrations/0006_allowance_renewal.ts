// The same on both engines. `next_allowance_at` is when the account's monthly allowance renews
// next; NULL (accounts made before this migration) means "not scheduled yet": the renewal worker
// schedules the next anniversary of `created_at` on first sight. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const ALLOWANCE_RENEWAL: string[] = [
  `ALTER TABLE accounts ADD COLUMN next_allowance_at BIGINT`,
  `CREATE INDEX accounts_by_next_allowance ON accounts (next_allowance_at)`,
];

export const m0006AllowanceRenewal: ShippedMigration = {
  sqlite: { name: '0006_allowance_renewal', statements: ALLOWANCE_RENEWAL },
  postgres: { name: '0006_allowance_renewal', statements: ALLOWANCE_RENEWAL },
};
