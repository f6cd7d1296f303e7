import type { CreditAlertStore } from '../../../ports/credit-store.ts';
import type { Db } from '../kysely-store.ts';

export function createCreditAlertRepository(db: Db): CreditAlertStore {
  return {
    async lastRefillEntryId(accountId) {
      const row = await db
        .selectFrom('credit_entries')
        .select('id')
        .where('account_id', '=', accountId)
        .where('kind', 'in', ['topup', 'allowance'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
    async markLowSent(accountId, refillEntryId, at) {
      // One statement decides: inserted, or updated from another refill's mark → true; already
      // marked for this refill → no row, false.
      const row = await db
        .insertInto('credit_low_alerts')
        .values({ account_id: accountId, refill_entry_id: refillEntryId, sent_at: at })
        .onConflict((oc) =>
          oc
            .column('account_id')
            .doUpdateSet((eb) => ({
              refill_entry_id: eb.ref('excluded.refill_entry_id'),
              sent_at: eb.ref('excluded.sent_at'),
            }))
            .whereRef('credit_low_alerts.refill_entry_id', '<>', 'excluded.refill_entry_id'),
        )
        .returning('account_id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
