import Type from 'typebox';
import { sendTestPing } from '../../../domain/webhooks/send-test-ping.ts';
import { toDeliveryView } from '../../../domain/webhooks/delivery-view.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, DeliverySchema, EndpointParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** POST /accounts/{accountId}/webhooks/{endpointId}/ping: queues a `ping` for this endpoint. */
export function registerPingWebhook(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/webhooks/:endpointId/ping',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'pingWebhook',
        summary: 'Send a test ping',
        description:
          'Sent to this endpoint whatever its subscriptions, within a second by a running worker; follow it in the delivery log.',
        security: ADMIN_SECURITY,
        params: EndpointParamsSchema,
        response: { 200: Type.Object({ success: Type.Literal(true), delivery: DeliverySchema }), ...SESSION_ERRORS },
      },
    },
    async (request) => {
      const delivery = await sendTestPing(deps.domain, accountContext(request), request.params.endpointId);
      return { success: true as const, delivery: toDeliveryView(delivery) };
    },
  );
}
