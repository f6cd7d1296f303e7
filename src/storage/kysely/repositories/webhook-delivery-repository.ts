// An account's deliveries as the API shows them (with their attempts), and a delivery sent again.
import type { WebhookStore } from '../../../ports/webhook-store.ts';
import type { Db } from '../kysely-store.ts';
import { toAttempt, toDelivery } from '../rows/webhook.ts';
import { newestFirstPage } from '../newest-first-page.ts';

export type WebhookDeliveryMethods = Pick<
  WebhookStore,
  'deliveryOwner' | 'getDelivery' | 'listDeliveries' | 'listAttempts' | 'redeliver'
>;

export function createWebhookDeliveryRepository(db: Db): WebhookDeliveryMethods {
  return {
    async deliveryOwner(deliveryId) {
      return (
        await db.selectFrom('webhook_deliveries').select('account_id').where('id', '=', deliveryId).executeTakeFirst()
      )?.account_id;
    },
    async getDelivery(accountId, deliveryId) {
      const row = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      return row && toDelivery(row);
    },
    async listDeliveries(accountId, endpointId, page) {
      const scope = db
        .selectFrom('webhook_deliveries')
        .where('account_id', '=', accountId)
        .where('endpoint_id', '=', endpointId);
      const { rows, total } = await newestFirstPage(scope, page);
      return { items: rows.map(toDelivery), total };
    },
    async listAttempts(accountId, deliveryIds) {
      if (deliveryIds.length === 0) return [];
      const rows = await db
        .selectFrom('webhook_attempts')
        .selectAll('webhook_attempts')
        .innerJoin('webhook_deliveries', 'webhook_deliveries.id', 'webhook_attempts.delivery_id')
        .where('webhook_deliveries.account_id', '=', accountId)
        .where('webhook_attempts.delivery_id', 'in', deliveryIds)
        .orderBy('webhook_attempts.attempt')
        .execute();
      return rows.map(toAttempt);
    },
    async redeliver(accountId, deliveryId, now) {
      // An attempt in flight keeps its lease (its expiry is the next attempt time): moving that
      // time would let a second process send the same attempt.
      const row = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          max_attempts: eb
            .case()
            .when('status', '=', 'pending')
            .then(eb.ref('max_attempts'))
            .else(eb('attempts', '+', 1))
            .end(),
          status: 'pending',
          next_attempt_at: now,
          // Pending again: not delivered until an attempt succeeds (the earlier success stays in the log).
          delivered_at: null,
          updated_at: now,
        }))
        .where('account_id', '=', accountId)
        .where('id', '=', deliveryId)
        .where('lease_token', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (row) return toDelivery(row);
      const current = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      return current && toDelivery(current);
    },
  };
}
