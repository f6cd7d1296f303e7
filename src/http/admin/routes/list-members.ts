import Type from 'typebox';
import { listMembers } from '../../../domain/accounts/list-members.ts';
import { toMemberView } from '../../../domain/accounts/member-view.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, MemberSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/members: everyone in the account, oldest first. */
export function registerListMembers(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/members',
    {
      schema: {
        tags: ['Members'],
        operationId: 'listMembers',
        summary: 'List members',
        description: 'Every member may see the list; only owners may change it.',
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), members: Type.Array(MemberSchema) }),
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => ({
      success: true as const,
      members: (await listMembers(deps.domain, accountContext(request))).map(toMemberView),
    }),
  );
}
