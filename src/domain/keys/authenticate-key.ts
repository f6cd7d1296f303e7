import type { DomainDeps } from '../context.ts';
import type { AccountRecord } from '../../ports/account-store.ts';
import type { ApiKeyRecord } from '../../ports/api-key-store.ts';
import { AppError } from '../errors.ts';
import { isIpAllowed } from '../../net/ip-allow-list.ts';
import { hashKey } from './key-secret.ts';
import { isKeyExpired } from './key-status.ts';
import type { Store } from '../../ports/store.ts';

/** Last-use times are written at most this often per key, to keep requests read-only. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves a presented key: unknown or revoked → AUTH_REQUIRED, past its expiry → KEY_EXPIRED,
 * from an address outside its allow-list → IP_NOT_ALLOWED.
 */
export async function authenticateKey(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'keys'> },
  presentedKey: string,
  clientIp: string,
): Promise<{ key: ApiKeyRecord; account: AccountRecord }> {
  const found = await deps.store.keys.findByHash(hashKey(presentedKey));
  if (!found || found.key.revokedAt !== null) throw new AppError('AUTH_REQUIRED', 'A valid API key is required.');
  const now = deps.clock.now();
  if (isKeyExpired(found.key, now)) throw new AppError('KEY_EXPIRED', 'This API key has expired.');
  if (found.key.allowedIps && !isIpAllowed(clientIp, found.key.allowedIps))
    throw new AppError('IP_NOT_ALLOWED', 'This key may not be used from this address.');
  if (found.key.lastUsedAt === null || now - found.key.lastUsedAt >= TOUCH_INTERVAL_MS)
    await deps.store.keys.touch(found.key.id, now);
  return found;
}
