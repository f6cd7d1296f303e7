import Type from 'typebox';
import { getEndpoint } from '../../../domain/webhooks/get-endpoint.ts';
import { toEndpointView } from '../../../domain/webhooks/endpoint-view.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, EndpointParamsSchema, EndpointSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/webhooks/{endpointId}. */
export function registerGetWebhook(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/webhooks/:endpointId',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'getWebhook',
        summary: 'Get a webhook endpoint',
        description: 'One webhook endpoint of the account.',
        security: ADMIN_SECURITY,
        params: EndpointParamsSchema,
        response: { 200: Type.Object({ success: Type.Literal(true), endpoint: EndpointSchema }), ...SESSION_ERRORS },
      },
    },
    async (request) => ({
      success: true as const,
      endpoint: toEndpointView(await getEndpoint(deps.domain, accountContext(request), request.params.endpointId)),
    }),
  );
}
