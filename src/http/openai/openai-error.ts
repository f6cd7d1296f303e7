// Errors of the OpenAI-compatible door in OpenAI's shape, so its clients raise them as their own
// API errors: `{error: {message, type, param, code}}` with the status of the one error table and
// the spec's code as `code` (plus the spec's details: list, ids, output, usage).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppError, ErrorCode } from '../../domain/errors.ts';
import { DEFAULT_RETRY_AFTER_SECONDS, toAppError } from '../error-handler.ts';
import { STATUS_BY_CODE } from '../error-table.ts';

/** OpenAI's error `type` for each status family; the spec's code says exactly what happened. */
function typeOf(code: ErrorCode, status: number): string {
  if (code === 'INSUFFICIENT_CREDITS' || code === 'QUOTA_EXCEEDED') return 'insufficient_quota';
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: ErrorCode; [detail: string]: unknown };
}

export function toOpenAiError(error: AppError): OpenAiErrorBody {
  const status = STATUS_BY_CODE[error.code];
  const param = error.details.list ? (Object.keys(error.details.list)[0] ?? null) : null;
  return {
    error: { message: error.message, type: typeOf(error.code, status), param, code: error.code, ...error.details },
  };
}

/** The door's error handler: every failure, authentication's included, in OpenAI's shape. */
export function sendOpenAiError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendOpenAiRefusal(reply, toAppError(error, request, reply));
}

/** Sends one refusal in OpenAI's shape with the status of the one error table. */
export function sendOpenAiRefusal(reply: FastifyReply, appError: AppError): FastifyReply {
  if (STATUS_BY_CODE[appError.code] === 503 && !reply.hasHeader('Retry-After'))
    reply.header('Retry-After', DEFAULT_RETRY_AFTER_SECONDS);
  return reply.code(STATUS_BY_CODE[appError.code]).send(toOpenAiError(appError));
}
