import type { FastifyReply } from 'fastify';
import { clientDisconnected } from '../domain/errors.ts';

/** An AbortSignal that fires when the client goes away before its answer was written. */
export function abortOnClientClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(clientDisconnected());
  });
  return controller.signal;
}
