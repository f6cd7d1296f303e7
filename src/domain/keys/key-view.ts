import type { ApiKeyRecord } from '../../ports/store.ts';
import { toCredits } from '../credits/units.ts';

export type KeyStatus = 'active' | 'expired' | 'revoked';

/** A key as the console shows it: never the secret, nor its hash. */
export interface KeyView {
  id: string;
  name: string;
  /** The first characters of the secret, to tell keys apart. */
  prefix: string;
  status: KeyStatus;
  allowedAgentIds: string[] | null;
  allowedIps: string[] | null;
  expiresAt: string | null;
  /** Credits the key may spend in total; null: no quota. */
  quota: number | null;
  /** Credits the key has spent, refunds deducted. */
  usage: number;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

const isoOrNull = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());

/** Revoked wins over expired: a revoked key stays revoked whatever its expiry. */
export function keyStatus(key: ApiKeyRecord, now: number): KeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  return key.expiresAt !== null && key.expiresAt <= now ? 'expired' : 'active';
}

export function toKeyView(key: ApiKeyRecord, now: number): KeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.keyPrefix,
    status: keyStatus(key, now),
    allowedAgentIds: key.allowedAgentIds,
    allowedIps: key.allowedIps,
    expiresAt: isoOrNull(key.expiresAt),
    quota: key.quota === null ? null : toCredits(key.quota),
    usage: toCredits(key.usageTotal),
    lastUsedAt: isoOrNull(key.lastUsedAt),
    revokedAt: isoOrNull(key.revokedAt),
    createdAt: new Date(key.createdAt).toISOString(),
  };
}
