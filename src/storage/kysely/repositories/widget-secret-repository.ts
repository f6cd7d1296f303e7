import type { WidgetSecretStore } from '../../../ports/widget-store.ts';
import type { Db } from '../kysely-store.ts';

export function createWidgetSecretRepository(db: Db): WidgetSecretStore {
  const get = async (accountId: string, agentId: string) =>
    (
      await db
        .selectFrom('widget_secrets')
        .select('secret')
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .executeTakeFirst()
    )?.secret;
  return {
    get,
    async getOrCreate(accountId, agentId, fresh, at) {
      // Two first publishable keys at once keep one secret: the second insert does nothing.
      await db
        .insertInto('widget_secrets')
        .values({ agent_id: agentId, account_id: accountId, secret: fresh, created_at: at })
        .onConflict((oc) => oc.column('agent_id').doNothing())
        .execute();
      return (await get(accountId, agentId)) ?? fresh;
    },
  };
}
