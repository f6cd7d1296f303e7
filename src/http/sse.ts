import type { FastifyReply } from 'fastify';
import { isAppError, AppError } from '../domain/errors.ts';

/**
 * A Server-Sent Events answer that starts lazily: until the first frame, the route can still fail
 * with an ordinary JSON error. Frames are `data: {json}` lines with no `event:` field; the stream
 * ends with an empty `data:` message (DESIGN.md's end marker).
 */
export interface SseWriter {
  readonly started: boolean;
  send(frame: unknown): void;
  /** After the stream began, a failure is a final frame carrying the error object. */
  fail(error: unknown): void;
  end(): void;
}

export function wantsEventStream(accept: string | undefined): boolean {
  return /\btext\/event-stream\b/i.test(accept ?? '');
}

export function createSseWriter(reply: FastifyReply): SseWriter {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    reply.hijack();
    const headers = { ...reply.getHeaders(), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };
    reply.raw.writeHead(200, headers as Record<string, string>);
  };
  return {
    get started() {
      return started;
    },
    send(frame) {
      start();
      if (!reply.raw.writableEnded) reply.raw.write(`data: ${JSON.stringify(frame)}\n\n`);
    },
    fail(error) {
      const appError = isAppError(error) ? error : new AppError('UNKNOWN_ERROR', 'An internal error occurred.');
      if (!isAppError(error)) reply.log.error({ err: error }, 'stream failed');
      this.send({ success: false, error: { code: appError.code, message: appError.message, ...appError.details } });
    },
    end() {
      start();
      if (!reply.raw.writableEnded) reply.raw.end('data:\n\n');
    },
  };
}
