import Type from 'typebox';
import { listEndpoints } from '../../../domain/webhooks/list-endpoints.ts';
import { toEndpointView } from '../../../domain/webhooks/endpoint-view.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, EndpointSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/webhooks: the account's endpoints, newest first (never a secret). */
export function registerListWebhooks(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/webhooks',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'listWebhooks',
        summary: 'List webhook endpoints',
        description: "The account's webhook endpoints. Their secrets are shown once, when created.",
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), endpoints: Type.Array(EndpointSchema) }),
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => ({
      success: true as const,
      endpoints: (await listEndpoints(deps.domain, accountContext(request))).map(toEndpointView),
    }),
  );
}
