import type { ApiApp } from '../../types.ts';
import { requireConsoleSession, type AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS, SessionSchema } from '../admin-schemas.ts';
import { sessionView } from './session-view.ts';

/** GET /session: the signed-in user, their accounts and the CSRF token (after a page reload). */
export function registerGetSession(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/session',
    {
      schema: {
        tags: ['Session'],
        operationId: 'getSession',
        summary: 'The current session',
        description: 'The signed-in person, the accounts they belong to, and the CSRF token to send as `X-CSRF-Token`.',
        security: ADMIN_SECURITY,
        response: { 200: SessionSchema, ...SESSION_ERRORS },
      },
    },
    async (request) => sessionView(deps.domain, requireConsoleSession(request)),
  );
}
