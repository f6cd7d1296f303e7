// A request Node's parser refuses before Fastify sees it (a URL or headers over 16 KB, bytes that
// are not HTTP) gets an answer in the interface's error shape, not Node's or Fastify's own body.
import type { Socket } from 'node:net';
import { STATUS_BY_CODE } from './error-table.ts';
import type { ErrorCode } from '../domain/errors.ts';

/** What each parser failure is, in the interface's terms. */
function describeClientError(code: string | undefined): {
  code: ErrorCode;
  message: string;
  list?: Record<string, string[]>;
} {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { code: 'REQUEST_TOO_LARGE', message: 'The URL and headers together are too large: at most 16 KB.' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      code: 'INVALID_BODY',
      message: 'The request was not received in time.',
      list: { request: ["must arrive within the server's request time-out"] },
    };
  return {
    code: 'INVALID_BODY',
    message: 'The request is not valid HTTP.',
    list: { request: ['must be a valid HTTP/1.1 request'] },
  };
}

/** Fastify's `clientErrorHandler`: writes the answer on the raw socket, with a request id like every
 * other answer, and closes it. */
export const createClientErrorHandler =
  (nextRequestId: () => string) =>
  (error: Error & { code?: string }, socket: Socket): void => {
    // Nobody is there to read an answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { code, message, list } = describeClientError(error.code);
    const status = STATUS_BY_CODE[code];
    const body = JSON.stringify({ success: false, error: { code, message, ...(list && { list }) } });
    const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    if (!socket.writable) return void socket.destroy();
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${nextRequestId()}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
