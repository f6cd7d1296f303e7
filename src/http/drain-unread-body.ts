// A JSON body over the limit is refused before it is read (its Content-Length says so) or part way
// through. Fastify then asks for the connection to close, and Node closes it as soon as the 413 is
// written, while the rest of the body is still arriving: the unread bytes make the server's system
// reset the connection, and a client that had not read its answer yet (curl, often) loses it to the
// reset ("empty reply", ECONNRESET). Instead the rest is read and thrown away on a connection kept
// open, up to a bound past which the connection is cut after all.

import type { FastifyReply, FastifyRequest } from 'fastify';

/** Bytes of a refused body read and discarded at most: a client sending more is cut off. */
export const UNREAD_BODY_DRAIN_MAX = 16 * 1024 * 1024;

export function drainUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete) return;
  // A body declared larger than the bound keeps Fastify's close: reading it all is not worth it.
  if (Number(raw.headers['content-length']) > UNREAD_BODY_DRAIN_MAX) return;
  reply.removeHeader('connection');
  let read = 0;
  const discard = (chunk: Buffer) => {
    read += chunk.length;
    if (read <= UNREAD_BODY_DRAIN_MAX) return;
    raw.off('data', discard);
    raw.socket.destroy();
  };
  raw.on('data', discard);
  raw.resume();
}
