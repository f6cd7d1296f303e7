// A long-lived stream outlives the request that opened it, so the key (or console session) that
// opened it is checked again every few seconds with the very check a new request gets, and the
// stream ends once it fails: revoked, expired, signed out. The check polls rather than waits to
// be told, because another node of a cluster may have made the change; the key lookup is held in
// each process's memory (and dropped when a key changes), so a re-check seldom reads the database.
import type { FastifyRequest } from 'fastify';
import { isAppError } from '../domain/errors.ts';

/** How often an open stream checks its credentials again. */
export const REAUTHENTICATE_MS = 5_000;

/**
 * Calls `onLapse` once with the refusal (the AppError a new request would get, e.g. AUTH_REQUIRED
 * or KEY_EXPIRED) when the request's credentials stop authenticating. A check that fails for any
 * other reason (the database briefly unreachable) is tried again at the next tick. Returns `stop`.
 */
export function watchAuthentication(
  request: Pick<FastifyRequest, 'reauthenticate'>,
  onLapse: (refusal: unknown) => void,
  intervalMs = REAUTHENTICATE_MS,
): () => void {
  const check = request.reauthenticate;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    try {
      await check?.();
    } catch (error) {
      if (!stopped && isAppError(error)) {
        stopped = true;
        onLapse(error);
        return;
      }
    }
    if (!stopped) schedule();
  };
  const schedule = (): void => {
    timer = setTimeout(() => void tick(), intervalMs);
    timer.unref();
  };
  if (check) schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
