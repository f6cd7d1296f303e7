import type { SessionRecord, UserRecord } from '../../ports/console-store.ts';
import type { ConsoleMembership } from '../../domain/users/account-access.ts';
import type { PasswordHasher } from '../../ports/password-hasher.ts';
import type { HttpDeps } from '../types.ts';

export interface AdminDeps extends HttpDeps {
  passwords: PasswordHasher;
}

/** Who is signed in, set by the admin session hook. */
export interface ConsoleSession {
  user: UserRecord;
  session: SessionRecord;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ConsoleSession | null;
    /** On routes under /accounts/{accountId}: the user's membership there (set with `ctx`). */
    consoleMembership: ConsoleMembership | null;
  }
}

export function requireConsoleSession(request: { consoleSession: ConsoleSession | null }): ConsoleSession {
  if (!request.consoleSession) throw new Error('admin route reached without a session');
  return request.consoleSession;
}

export function requireConsoleMembership(request: { consoleMembership: ConsoleMembership | null }): ConsoleMembership {
  if (!request.consoleMembership) throw new Error('account route reached without a membership');
  return request.consoleMembership;
}
