import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const SECRET_QUERY_NAMES = /key|token|secret|auth|password/i;

/** The URL as logged: values of secret-looking query parameters masked, so a key a client put
 * in the query string by mistake never reaches the logs. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of [...params.keys()]) if (SECRET_QUERY_NAMES.test(name)) params.set(name, '[REDACTED]');
  return `${url.slice(0, at)}?${params.toString()}`;
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * One line per request, written when it is answered ("request completed", with the method, the
 * redacted URL, the address, the status and the time taken), instead of Fastify's two (an
 * "incoming request" line as well): half the log writes on the hot path. Errors, streams that
 * end early and refused requests are logged as Fastify does.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
