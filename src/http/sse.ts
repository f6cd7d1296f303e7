import type { FastifyReply } from 'fastify';
import { isAppError, AppError } from '../domain/errors.ts';
import { unavailableAsAppError } from './error-handler.ts';

/**
 * A Server-Sent Events answer that starts lazily: until the first frame, the route can still fail
 * with an ordinary JSON error. Frames are `data: {json}` lines with no `event:` field; the stream
 * ends with an empty `data:` message, the end marker.
 */
export interface SseWriter {
  readonly started: boolean;
  send(frame: unknown): void;
  /** After the stream began, a failure is a final frame carrying the error object, plus `extra`
   * fields (the chat stream's finish reason and usage). */
  fail(error: unknown, extra?: Record<string, unknown>): void;
  /** A comment line: keeps proxies from closing a quiet stream; clients ignore it. */
  keepAlive(): void;
  end(): void;
}

export function wantsEventStream(accept: string | undefined): boolean {
  return /\btext\/event-stream\b/i.test(accept ?? '');
}

/** The error object of a failure frame; anything but an AppError is logged and told as UNKNOWN_ERROR. */
function streamError(reply: FastifyReply, error: unknown): Record<string, unknown> {
  const unavailable = unavailableAsAppError(error);
  if (unavailable) return { code: unavailable.code, message: unavailable.message };
  // A client that went away is an ordinary end of a stream: information, no stack.
  if (isAppError(error) && error.code === 'CLIENT_DISCONNECTED')
    reply.log.info({ code: error.code }, 'client disconnected before the stream ended');
  else if (!isAppError(error) || error.code === 'UNKNOWN_ERROR') reply.log.error({ err: error }, 'stream failed');
  const appError = isAppError(error) ? error : new AppError('UNKNOWN_ERROR', 'An internal error occurred.');
  return { code: appError.code, message: appError.message, ...appError.details };
}

/** `endMarker`: the last bytes; the OpenAI-compatible door ends with `data: [DONE]`, which
 * OpenAI's clients expect. */
export function createSseWriter(reply: FastifyReply, endMarker = 'data:\n\n'): SseWriter {
  let started = false;
  // A client that went away cannot be written to; the rest of the work still runs to its end.
  const gone = () => reply.raw.writableEnded || reply.raw.destroyed;
  const start = () => {
    if (started) return;
    started = true;
    reply.hijack();
    const headers = {
      ...reply.getHeaders(),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    };
    reply.raw.writeHead(200, headers as Record<string, string>);
    reply.server.metrics.sseOpened();
    reply.raw.once('close', () => reply.server.metrics.sseClosed());
  };
  return {
    get started() {
      return started;
    },
    send(frame) {
      start();
      if (!gone()) reply.raw.write(`data: ${JSON.stringify(frame)}\n\n`);
    },
    fail(error, extra = {}) {
      const errorObject = streamError(reply, error);
      // The chat stream's failure frame states usage beside the error, not inside it.
      if ('usage' in extra) delete errorObject.usage;
      this.send({ success: false, error: errorObject, ...extra });
    },
    keepAlive() {
      start();
      if (!gone()) reply.raw.write(':\n\n');
    },
    end() {
      start();
      if (!gone()) reply.raw.end(endMarker);
    },
  };
}
