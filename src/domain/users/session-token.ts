import { createHash } from 'node:crypto';
import type { Ids } from '../../ports/ids.ts';

/** Console session tokens: `cqs_` + 256 random bits, in an HTTP-only cookie; only a hash is kept. */
export const SESSION_TOKEN_PREFIX = 'cqs_';

export const newSessionToken = (ids: Ids): string => SESSION_TOKEN_PREFIX + ids.secret(32);

export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The CSRF token of a session: derived from the session token, which scripts cannot read (the
 * cookie is HTTP-only) and other sites cannot learn. The console reads it from the sign-in or
 * GET /session answer and sends it in `X-CSRF-Token` with every unsafe request.
 */
export const csrfTokenFor = (token: string): string => createHash('sha256').update(`csrf:${token}`).digest('base64url');
