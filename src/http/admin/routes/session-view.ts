import type { DomainDeps } from '../../../domain/context.ts';
import { userAccounts } from '../../../domain/users/account-access.ts';
import { csrfTokenFor } from '../../../domain/users/session-token.ts';
import type { ConsoleSession } from '../admin-types.ts';

/** What sign-in and GET /session answer: who, which accounts, the CSRF token, until when. */
export async function sessionView(deps: DomainDeps, { user, session, token }: ConsoleSession) {
  return {
    success: true as const,
    user: { id: user.id, email: user.email },
    accounts: await userAccounts(deps, user),
    csrfToken: csrfTokenFor(token),
    expiresAt: new Date(session.expiresAt).toISOString(),
  };
}
