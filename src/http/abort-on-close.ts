import type { FastifyReply } from 'fastify';
import { clientDisconnected } from '../domain/errors.ts';

/**
 * An AbortSignal that fires when the client goes away before its answer was written, or when the
 * server's shutdown grace period is over (graceful-close.ts): the work behind the request stops.
 */
export function abortOnClientClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(clientDisconnected());
  });
  const shutdown = reply.server.shutdownSignal as AbortSignal | undefined;
  return shutdown ? AbortSignal.any([controller.signal, shutdown]) : controller.signal;
}
