import Type from 'typebox';
import { updateEndpoint } from '../../../domain/webhooks/update-endpoint.ts';
import { toEndpointView } from '../../../domain/webhooks/endpoint-view.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import {
  ADMIN_SECURITY,
  EndpointFieldsSchema,
  EndpointParamsSchema,
  EndpointSchema,
  SESSION_ERRORS,
} from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** PATCH /accounts/{accountId}/webhooks/{endpointId}: URL, description, subscriptions, enabled. */
export function registerUpdateWebhook(app: ApiApp, deps: AdminDeps): void {
  app.patch(
    '/accounts/:accountId/webhooks/:endpointId',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'updateWebhook',
        summary: 'Update a webhook endpoint',
        description:
          'Only the fields to change. Enabling an endpoint (also one disabled by a 410) sends what waited for it.',
        security: ADMIN_SECURITY,
        params: EndpointParamsSchema,
        body: Type.Object(
          {
            url: Type.Optional(EndpointFieldsSchema.url),
            description: Type.Optional(EndpointFieldsSchema.description),
            events: Type.Optional(EndpointFieldsSchema.events),
            enabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: {
          200: Type.Object({ success: Type.Literal(true), endpoint: EndpointSchema }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const endpoint = await updateEndpoint(
        deps.domain,
        accountContext(request),
        request.params.endpointId,
        request.body,
      );
      return { success: true as const, endpoint: toEndpointView(endpoint) };
    },
  );
}
