import type { WidgetRefusalStore } from '../../../ports/widget-store.ts';
import type { Db } from '../kysely-store.ts';
import { toRefusal } from '../rows/widget.ts';

export function createWidgetRefusalRepository(db: Db): WidgetRefusalStore {
  return {
    async record(accountId, keyId, refusal, at, keep) {
      await db
        .insertInto('widget_refusals')
        .values({
          key_id: keyId,
          account_id: accountId,
          reason: refusal.reason,
          origin: refusal.origin,
          times: 1,
          first_at: at,
          last_at: at,
        })
        .onConflict((oc) =>
          oc
            .columns(['key_id', 'reason', 'origin'])
            .doUpdateSet((eb) => ({ times: eb('widget_refusals.times', '+', 1), last_at: at })),
        )
        .execute();
      // Only the key's `keep` latest are kept: anyone holding a publishable key (it is public) can
      // make refusals, so they must not grow without bound.
      const oldestKept = await db
        .selectFrom('widget_refusals')
        .select('last_at')
        .where('key_id', '=', keyId)
        .orderBy('last_at', 'desc')
        .offset(keep - 1)
        .limit(1)
        .executeTakeFirst();
      if (oldestKept)
        await db
          .deleteFrom('widget_refusals')
          .where('key_id', '=', keyId)
          .where('last_at', '<', oldestKept.last_at)
          .execute();
    },
    async list(accountId, limit) {
      const rows = await db
        .selectFrom('widget_refusals')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('last_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRefusal);
    },
  };
}
