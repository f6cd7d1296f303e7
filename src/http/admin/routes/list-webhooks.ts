import Type from 'typebox';
import { listEndpoints } from '../../../domain/webhooks/list-endpoints.ts';
import { toEndpointView } from '../../../domain/webhooks/endpoint-view.ts';
import { ErrorSchema } from '../../schemas.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, EndpointSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/webhooks: a page of the account's endpoints, newest first (never a secret). */
export function registerListWebhooks(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/webhooks',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'listWebhooks',
        summary: 'List webhook endpoints',
        description:
          "The account's webhook endpoints, newest first. Their secrets are shown once, when created. Paged like every list (`page`, `size` up to 100).",
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            endpoints: Type.Array(EndpointSchema),
            pagination: PaginationSchema,
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listEndpoints(deps.domain, accountContext(request), page);
      return {
        success: true as const,
        endpoints: result.items.map(toEndpointView),
        pagination: toPagination(page, result.total),
      };
    },
  );
}
