import type { ApiKeyRecord } from '../../ports/api-key-store.ts';

export type KeyStatus = 'active' | 'expired' | 'revoked';

/** A key stops working at its expiry instant. */
export function isKeyExpired(key: ApiKeyRecord, now: number): boolean {
  return key.expiresAt !== null && key.expiresAt <= now;
}

/** Revoked wins over expired: a revoked key stays revoked whatever its expiry. */
export function keyStatus(key: ApiKeyRecord, now: number): KeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  return isKeyExpired(key, now) ? 'expired' : 'active';
}
