// The account's webhook endpoints: created, read, changed and removed through the API.
import type { WebhookStore } from '../../../ports/webhook-store.ts';
import type { Db } from '../kysely-store.ts';
import { fromEndpoint, toEndpoint } from '../rows/webhook.ts';

export type WebhookEndpointMethods = Pick<
  WebhookStore,
  'insertEndpoint' | 'getEndpoint' | 'listEndpoints' | 'updateEndpoint' | 'deleteEndpoint' | 'endpointOwner'
>;

export function createWebhookEndpointRepository(db: Db): WebhookEndpointMethods {
  return {
    async insertEndpoint(endpoint) {
      await db.insertInto('webhook_endpoints').values(fromEndpoint(endpoint)).execute();
    },
    async getEndpoint(accountId, endpointId) {
      const row = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', endpointId)
        .executeTakeFirst();
      return row && toEndpoint(row);
    },
    async listEndpoints(accountId) {
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toEndpoint);
    },
    async updateEndpoint(accountId, endpointId, patch) {
      const row = await db
        .updateTable('webhook_endpoints')
        .set({
          url: patch.url,
          description: patch.description,
          event_types:
            patch.eventTypes === undefined
              ? undefined
              : patch.eventTypes === null
                ? null
                : JSON.stringify(patch.eventTypes),
          enabled: patch.enabled === undefined ? undefined : patch.enabled ? 1 : 0,
          disabled_reason: patch.disabledReason,
          updated_at: patch.updatedAt,
        })
        .where('account_id', '=', accountId)
        .where('id', '=', endpointId)
        .returningAll()
        .executeTakeFirst();
      return row && toEndpoint(row);
    },
    async deleteEndpoint(accountId, endpointId) {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('account_id', '=', accountId)
        .where('id', '=', endpointId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async endpointOwner(endpointId) {
      return (
        await db.selectFrom('webhook_endpoints').select('account_id').where('id', '=', endpointId).executeTakeFirst()
      )?.account_id;
    },
  };
}
