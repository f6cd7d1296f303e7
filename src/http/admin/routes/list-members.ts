import Type from 'typebox';
import { listMembers } from '../../../domain/accounts/list-members.ts';
import { toMemberView } from '../../../domain/accounts/member-view.ts';
import { ErrorSchema } from '../../schemas.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, MemberSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/members: a page of everyone in the account, oldest first. */
export function registerListMembers(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/members',
    {
      schema: {
        tags: ['Members'],
        operationId: 'listMembers',
        summary: 'List members',
        description:
          'Oldest first. Every member may see the list; only owners may change it. Paged like every list (`page`, `size` up to 100).',
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            members: Type.Array(MemberSchema),
            pagination: PaginationSchema,
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listMembers(deps.domain, accountContext(request), page);
      return {
        success: true as const,
        members: result.items.map(toMemberView),
        pagination: toPagination(page, result.total),
      };
    },
  );
}
