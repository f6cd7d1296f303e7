import Type from 'typebox';
import { redeliver } from '../../../domain/webhooks/redeliver.ts';
import { toDeliveryView } from '../../../domain/webhooks/delivery-view.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, DeliverySchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** POST /accounts/{accountId}/webhook-deliveries/{deliveryId}/redeliver. */
export function registerRedeliver(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/webhook-deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'redeliver',
        summary: 'Redeliver',
        description:
          'Sends the delivery again now with the same `webhook-id`: a pending one skips its wait, a finished one gets one more attempt.',
        security: ADMIN_SECURITY,
        params: Type.Object({
          ...AccountParamsSchema.properties,
          deliveryId: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: { 200: Type.Object({ success: Type.Literal(true), delivery: DeliverySchema }), ...SESSION_ERRORS },
      },
    },
    async (request) => {
      const delivery = await redeliver(deps.domain, accountContext(request), request.params.deliveryId);
      return { success: true as const, delivery: toDeliveryView(delivery) };
    },
  );
}
