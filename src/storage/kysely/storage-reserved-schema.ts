// When each agent's storage was last reserved, so a recount on a database that other nodes are
// using can tell an agent whose reservations may still be in use from one whose are stale.
export const STORAGE_RESERVED_SCHEMA = [`ALTER TABLE agents ADD COLUMN storage_reserved_at BIGINT NOT NULL DEFAULT 0`];
