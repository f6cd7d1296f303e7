import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'colloquy_session';
/** Sent only to the admin API: the public API never sees the console's cookie. */
const COOKIE_PATH = '/api/admin';

/** The session token from the Cookie header, if any. */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined; // malformed escapes: no session, not a 500
      }
    }
  }
  return undefined;
}

/**
 * HTTP-only (scripts cannot read it), SameSite=Strict (other sites' pages never send it), and
 * Secure whenever the request came over HTTPS (directly or through a trusted proxy). Plain-HTTP
 * local use keeps working: browsers refuse Secure cookies from http:// origins other than localhost.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`,
  );
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  setSessionCookie(request, reply, '', 0);
}
