import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { authenticateSession } from '../../domain/users/authenticate-session.ts';
import { assertMayChange, consoleMembership } from '../../domain/users/account-access.ts';
import { csrfTokenFor } from '../../domain/users/session-token.ts';
import type { AdminDeps } from './admin-types.ts';
import { readSessionCookie } from './session-cookie.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The admin API's onRequest hook: a live session from the cookie (401 AUTH_REQUIRED otherwise),
 * and for unsafe methods the session's CSRF token in `X-CSRF-Token` (403 CSRF_TOKEN_INVALID).
 * SameSite=Strict already keeps other sites' requests cookie-less; the token is the second lock.
 * On every route whose path names an account, the user's membership there (404 NOT_FOUND when
 * not a member) sets `ctx`: the console's own routes and the public ones mounted for it alike.
 * There a viewer's unsafe request is 403 READ_ONLY_MEMBER, whatever the route.
 */
export function createSessionHook(deps: AdminDeps) {
  return async function requireSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (request.routeOptions.config.public) return;
    const token = readSessionCookie(request);
    const found = await authenticateSession(deps.domain, token);
    if (!SAFE_METHODS.has(request.method)) {
      const given = request.headers['x-csrf-token'];
      if (typeof given !== 'string' || !sameToken(given, csrfTokenFor(token as string))) {
        throw new AppError('CSRF_TOKEN_INVALID', 'This request needs the X-CSRF-Token header from sign-in.');
      }
    }
    request.consoleSession = { ...found, token: token as string };
    const accountId = (request.params as { accountId?: string } | undefined)?.accountId;
    // For a stream (http/stream-authentication.ts): still signed in, still a member of the account.
    request.reauthenticate = async () => {
      const live = await authenticateSession(deps.domain, token);
      if (accountId !== undefined) await consoleMembership(deps.domain, live.user, accountId, request.id);
    };
    if (accountId !== undefined) {
      request.consoleMembership = await consoleMembership(deps.domain, found.user, accountId, request.id);
      if (!SAFE_METHODS.has(request.method)) assertMayChange(request.consoleMembership);
      request.ctx = request.consoleMembership.ctx;
    }
  };
}
