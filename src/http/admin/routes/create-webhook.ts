import Type from 'typebox';
import { createEndpoint } from '../../../domain/webhooks/create-endpoint.ts';
import { toEndpointView } from '../../../domain/webhooks/endpoint-view.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import {
  ADMIN_SECURITY,
  AccountParamsSchema,
  EndpointFieldsSchema,
  EndpointSchema,
  SESSION_ERRORS,
} from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** POST /accounts/{accountId}/webhooks: a new endpoint; its secret is in this answer only. */
export function registerCreateWebhook(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/webhooks',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'createWebhook',
        summary: 'Add a webhook endpoint',
        description:
          'It receives the events recorded from now on. `secret` (`whsec_…`, Standard Webhooks) is shown this once.',
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        body: Type.Object(
          {
            url: EndpointFieldsSchema.url,
            description: Type.Optional(EndpointFieldsSchema.description),
            events: Type.Optional(EndpointFieldsSchema.events),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ success: Type.Literal(true), endpoint: EndpointSchema, secret: Type.String() }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const { endpoint, secret } = await createEndpoint(deps.domain, accountContext(request), request.body);
      return { success: true as const, endpoint: toEndpointView(endpoint), secret };
    },
  );
}
