import type { ApiApp } from './types.ts';
import { ServiceUnavailableError } from '../ports/unavailable.ts';

/** How long requests in flight may run on after shutdown begins, unless configured. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 20_000;

/**
 * Closes the app for shutdown: no new connections; requests in flight finish and their answers
 * carry `Connection: close`; keep-alive sockets are closed as soon as they fall idle, so the
 * process never waits out the keep-alive time-out of a client that finished before it. Work still
 * running after `graceMs` (an extraction, an embedding, a crawl, a model call) is stopped through
 * `app.shutdownSignal` and answered 503 SERVICE_UNAVAILABLE, so the close ends within the grace period.
 */
export function installGracefulClose(app: ApiApp, graceMs = DEFAULT_SHUTDOWN_GRACE_MS): () => Promise<void> {
  let closing = false;
  const stopWork = new AbortController();
  app.decorate('shutdownSignal', stopWork.signal);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  return async () => {
    closing = true;
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    const deadline = setTimeout(
      () => stopWork.abort(new ServiceUnavailableError('The server is shutting down; send the request again.', 1)),
      graceMs,
    );
    try {
      await app.close();
    } finally {
      clearInterval(reaper);
      clearTimeout(deadline);
    }
  };
}
