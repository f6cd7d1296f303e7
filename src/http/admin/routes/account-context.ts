import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../../domain/context.ts';
import { consoleContext, consoleMembership, type ConsoleMembership } from '../../../domain/users/account-access.ts';
import { requireConsoleSession, type AdminDeps } from '../admin-types.ts';

type AccountRequest = FastifyRequest & { params: { accountId: string } };

/** The signed-in user's context in the account of the path (404 when not a member). */
export function accountContext(deps: AdminDeps, request: AccountRequest): Promise<RequestContext> {
  return consoleContext(deps.domain, requireConsoleSession(request).user, request.params.accountId, request.id);
}

/** The same, with the account and the user's membership (role) in it. */
export function accountMembership(deps: AdminDeps, request: AccountRequest): Promise<ConsoleMembership> {
  return consoleMembership(deps.domain, requireConsoleSession(request).user, request.params.accountId, request.id);
}
