import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../../domain/context.ts';
import { consoleContext } from '../../../domain/users/account-access.ts';
import { requireConsoleSession, type AdminDeps } from '../admin-types.ts';

/** The signed-in user's context in the account of the path (404 when not a member). */
export function accountContext(deps: AdminDeps, request: FastifyRequest & { params: { accountId: string } }): Promise<RequestContext> {
  return consoleContext(deps.domain, requireConsoleSession(request).user, request.params.accountId, request.id);
}
