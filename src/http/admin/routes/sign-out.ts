import Type from 'typebox';
import type { ApiApp } from '../../types.ts';
import { requireConsoleSession, type AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../admin-schemas.ts';
import { clearSessionCookie } from '../session-cookie.ts';

/** DELETE /session: ends the session everywhere (it is deleted from the database). */
export function registerSignOut(app: ApiApp, deps: AdminDeps): void {
  app.delete(
    '/session',
    {
      schema: {
        tags: ['Session'],
        operationId: 'signOut',
        summary: 'Sign out',
        description: 'Ends the session in the database and clears its cookie.',
        security: ADMIN_SECURITY,
        response: { 200: Type.Object({ success: Type.Literal(true) }), ...SESSION_ERRORS },
      },
    },
    async (request, reply) => {
      await deps.domain.store.sessions.delete(requireConsoleSession(request).session.id);
      clearSessionCookie(request, reply);
      return { success: true as const };
    },
  );
}
