import Type from 'typebox';
import { deleteEndpoint } from '../../../domain/webhooks/delete-endpoint.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, EndpointParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** DELETE /accounts/{accountId}/webhooks/{endpointId}: with its delivery log. */
export function registerDeleteWebhook(app: ApiApp, deps: AdminDeps): void {
  app.delete(
    '/accounts/:accountId/webhooks/:endpointId',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook endpoint',
        description: 'Deletes the endpoint with its delivery log.',
        security: ADMIN_SECURITY,
        params: EndpointParamsSchema,
        response: { 200: Type.Object({ success: Type.Literal(true), deleted: Type.Literal(true) }), ...SESSION_ERRORS },
      },
    },
    async (request) => {
      await deleteEndpoint(deps.domain, accountContext(request), request.params.endpointId);
      return { success: true as const, deleted: true as const };
    },
  );
}
