// The same on both engines: when each agent's storage was last reserved, so a recount on a
// database that other nodes are using can tell an agent whose reservations may still be in use
// from one whose are stale. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const STORAGE_RESERVED_AT: string[] = [`ALTER TABLE agents ADD COLUMN storage_reserved_at BIGINT NOT NULL DEFAULT 0`];

export const m0014StorageReservedAt: ShippedMigration = {
  sqlite: { name: '0014_storage_reserved_at', statements: STORAGE_RESERVED_AT },
  postgres: { name: '0014_storage_reserved_at', statements: STORAGE_RESERVED_AT },
};
