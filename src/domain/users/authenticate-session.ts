import type { DomainDeps } from '../context.ts';
import type { SessionRecord, UserRecord } from '../../ports/console-store.ts';
import { AppError } from '../errors.ts';
import { hashSessionToken, SESSION_TOKEN_PREFIX } from './session-token.ts';
import type { Store } from '../../ports/store.ts';

/** The live session of a cookie's token; anything else is 401 AUTH_REQUIRED. */
export async function authenticateSession(
  deps: Pick<DomainDeps, 'clock'> & { store: Pick<Store, 'sessions'> },
  token: string | undefined,
): Promise<{ session: SessionRecord; user: UserRecord }> {
  if (!token?.startsWith(SESSION_TOKEN_PREFIX)) throw new AppError('AUTH_REQUIRED', 'Sign in first.');
  const found = await deps.store.sessions.findLive(hashSessionToken(token), deps.clock.now());
  if (!found) throw new AppError('AUTH_REQUIRED', 'The session has ended; sign in again.');
  return found;
}
