import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError, type ErrorCode } from '../domain/errors.ts';
import { isServiceUnavailable } from '../ports/unavailable.ts';
import { STATUS_BY_CODE, UNAUTHORIZED_NAMES } from './error-table.ts';
import { toValidationList } from './validation.ts';
import type { ApiApp } from './types.ts';
import type { AllowedMethods } from './allowed-methods.ts';
import { drainUnreadBody } from './drain-unread-body.ts';

/** Fastify's own errors (parsing, limits) in the spec's terms. */
function fromFrameworkError(error: FastifyError): AppError | null {
  if (error.validation) {
    return new AppError('INVALID_BODY', 'The request is invalid.', {
      list: toValidationList(error.validation as never, error.validationContext),
    });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('INVALID_BODY', 'The body must be JSON, sent with Content-Type: application/json.', {
        list: { body: ['must be application/json'] },
      });
  }
  if (error.statusCode === 400 || error instanceof SyntaxError) {
    return new AppError('INVALID_BODY', 'The body is not valid JSON.', { list: { body: ['must be valid JSON'] } });
  }
  if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
  return null;
}

/** Seconds a client is told to wait on a 503 that did not say (the moderator's, say). */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** A dependency that is down (database) or a queue that is full: 503 SERVICE_UNAVAILABLE with
 * Retry-After (set on the reply when there is one: after an SSE stream began there is none). */
export function unavailableAsAppError(error: unknown, reply?: FastifyReply): AppError | null {
  if (!isServiceUnavailable(error)) return null;
  reply?.header('Retry-After', error.retryAfterSeconds);
  return new AppError('SERVICE_UNAVAILABLE', error.message);
}

/** Writes an AppError in the spec's shape: flat for 401, wrapped for everything else. */
export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  const status = STATUS_BY_CODE[error.code];
  if (status === 503 && !reply.hasHeader('Retry-After')) reply.header('Retry-After', DEFAULT_RETRY_AFTER_SECONDS);
  if (status === 401)
    return reply.code(401).send({ error: UNAUTHORIZED_NAMES[error.code] ?? 'Unauthorized', code: error.code });
  return reply
    .code(status)
    .send({ success: false, error: { code: error.code, message: error.message, ...error.details } });
}

/** Any error a route or hook raised, as the AppError to tell the client; what is 5xx or unexpected
 * is logged whole, and the client learns nothing about the inside. A client that went away is news,
 * not a fault; a dependency that is down is expected during an outage (one line, no stack; the
 * answer says when to come back). */
export function toAppError(error: FastifyError, request: FastifyRequest, reply?: FastifyReply): AppError {
  const unavailable = unavailableAsAppError(error, reply);
  if (unavailable) {
    const cause = (error as Error).cause;
    request.log.warn({ cause: cause instanceof Error ? cause.message : undefined }, unavailable.message);
    return unavailable;
  }
  // Refused before its body was read: the rest is read and discarded, so the 413 reaches the client.
  if (reply && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') drainUnreadBody(request, reply);
  const appError = isAppError(error) ? error : fromFrameworkError(error);
  if (appError) {
    if (appError.code === 'CLIENT_DISCONNECTED')
      request.log.info({ code: appError.code }, 'client disconnected before the answer');
    else if (STATUS_BY_CODE[appError.code] >= 500) request.log.error({ err: error }, 'request failed');
    return appError;
  }
  request.log.error({ err: error }, 'unhandled error');
  return new AppError('UNKNOWN_ERROR', 'An internal error occurred.');
}

export function installErrorHandling(app: ApiApp, allowedMethods: AllowedMethods): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendAppError(reply, toAppError(error, request, reply)),
  );

  app.setNotFoundHandler((request, reply) => sendAppError(reply, routeMiss(allowedMethods, request, reply)));
}

/** A request no route answers: 405 with `Allow` when the path has other methods, else 404. */
export function routeMiss(allowedMethods: AllowedMethods, request: FastifyRequest, reply: FastifyReply): AppError {
  const path = request.url.split('?')[0] ?? '';
  const allowed = allowedMethods.of(path);
  // A route of this method that itself called notFound (a missing console asset) stays a 404.
  if (allowed.length > 0 && !(allowed as string[]).includes(request.method)) {
    reply.header('Allow', allowed.join(', '));
    return new AppError(
      'METHOD_NOT_ALLOWED',
      `${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}.`,
    );
  }
  const code: ErrorCode = 'NOT_FOUND';
  return new AppError(code, `No route ${request.method} ${path}.`);
}
