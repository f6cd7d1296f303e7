import Type from 'typebox';
import { listDeliveries } from '../../../domain/webhooks/list-deliveries.ts';
import { ErrorSchema } from '../../schemas.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, DeliverySchema, EndpointParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/webhooks/{endpointId}/deliveries: the delivery log, newest first. */
export function registerListDeliveries(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/webhooks/:endpointId/deliveries',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'listDeliveries',
        summary: 'Delivery log',
        description: 'Each delivery with its attempts (status code, latency, error) and its next try.',
        security: ADMIN_SECURITY,
        params: EndpointParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            deliveries: Type.Array(DeliverySchema),
            pagination: PaginationSchema,
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listDeliveries(deps.domain, accountContext(request), request.params.endpointId, page);
      return { success: true as const, deliveries: result.items, pagination: toPagination(page, result.total) };
    },
  );
}
