import Type from 'typebox';
import { listKeys } from '../../../domain/keys/list-keys.ts';
import { toKeyView } from '../../../domain/keys/key-view.ts';
import { ErrorSchema } from '../../schemas.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, KeySchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/keys: a page of the account's keys, newest first (never a secret). */
export function registerListKeys(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/keys',
    {
      schema: {
        tags: ['Keys'],
        operationId: 'listKeys',
        summary: 'List API keys',
        description:
          'Newest first; revoked and expired keys included, with their status. Paged like every list (`page`, `size` up to 100).',
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            keys: Type.Array(KeySchema),
            pagination: PaginationSchema,
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listKeys(deps.domain, accountContext(request), page);
      const now = deps.domain.clock.now();
      return {
        success: true as const,
        keys: result.items.map((key) => toKeyView(key, now)),
        pagination: toPagination(page, result.total),
      };
    },
  );
}
