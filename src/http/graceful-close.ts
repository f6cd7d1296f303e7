import type { ApiApp } from './types.ts';

/**
 * Closes the app for shutdown: no new connections; requests in flight finish and their answers
 * carry `Connection: close`; keep-alive sockets are closed as soon as they fall idle, so the
 * process never waits out the keep-alive time-out of a client that finished before it.
 */
export function installGracefulClose(app: ApiApp): () => Promise<void> {
  let closing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  return async () => {
    closing = true;
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
    } finally {
      clearInterval(reaper);
    }
  };
}
