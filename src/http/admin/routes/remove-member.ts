import Type from 'typebox';
import { removeMember } from '../../../domain/accounts/remove-member.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, MemberParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountMembership } from './account-context.ts';

/** DELETE /accounts/{accountId}/members/{memberId}: an owner takes someone out of the account. */
export function registerRemoveMember(app: ApiApp, deps: AdminDeps): void {
  app.delete(
    '/accounts/:accountId/members/:memberId',
    {
      schema: {
        tags: ['Members'],
        operationId: 'removeMember',
        summary: 'Remove a member',
        description:
          'Owners only (403 OWNER_REQUIRED). The person loses the account on their next request; their sign-in stays for their other accounts. ' +
          "Removing the account's last owner is 400 INVALID_BODY.",
        security: ADMIN_SECURITY,
        params: MemberParamsSchema,
        response: { 200: Type.Object({ success: Type.Literal(true) }), 400: ErrorSchema, ...SESSION_ERRORS },
      },
    },
    async (request) => {
      await removeMember(deps.domain, accountMembership(request), request.params.memberId);
      return { success: true as const };
    },
  );
}
