import { sql } from 'kysely';
import type { CreditStore } from '../../../ports/credit-store.ts';
import type { Db } from '../kysely-store.ts';

const DAY_MS = 86_400_000;
/** The UTC day of an entry, as days since the epoch: usage and charge counts group by it. */
const UTC_DAY = sql<number>`(created_at / ${sql.lit(DAY_MS)})`;

export function createCreditRepository(db: Db): CreditStore {
  return {
    async apply(entry, options = {}) {
      // A single conditional UPDATE … RETURNING is atomic on both engines: two concurrent charges
      // cannot both spend the same credits, and the entry records the balance it produced.
      let update = db
        .updateTable('accounts')
        .set((eb) => ({ credit_balance: eb('credit_balance', '+', entry.amount) }))
        .where('id', '=', entry.accountId);
      if (options.requireCovered && entry.amount < 0) update = update.where('credit_balance', '>=', -entry.amount);
      if (entry.kind === 'topup' || entry.kind === 'allowance') {
        update = update.set({
          last_refill_amount: options.refillAmount ?? entry.amount,
          last_refill_at: entry.createdAt,
        });
      }
      const updated = await update.returning('credit_balance').executeTakeFirst();
      if (!updated) return undefined;
      const record = { ...entry, balanceAfter: updated.credit_balance };
      await db
        .insertInto('credit_entries')
        .values({
          id: record.id,
          account_id: record.accountId,
          kind: record.kind,
          amount: record.amount,
          balance_after: record.balanceAfter,
          agent_id: record.agentId,
          key_id: record.keyId,
          description: record.description,
          created_at: record.createdAt,
        })
        .execute();
      return record;
    },
    async usage(accountId, from, to) {
      // Used credits = charges less refunds, so a refunded request counts for nothing.
      const spent = db
        .selectFrom('credit_entries')
        .where('account_id', '=', accountId)
        .where('kind', 'in', ['charge', 'refund'])
        .where('created_at', '>=', from)
        .where('created_at', '<', to);
      const credits = sql<number>`-sum(amount)`;
      const [byDay, byAgent, byKey] = await Promise.all([
        spent
          .select([UTC_DAY.as('day'), credits.as('credits')])
          .groupBy(UTC_DAY)
          .orderBy(UTC_DAY)
          .execute(),
        spent
          .select(['agent_id', credits.as('credits')])
          .where('agent_id', 'is not', null)
          .groupBy('agent_id')
          .orderBy('agent_id')
          .execute(),
        spent
          .select(['key_id', credits.as('credits')])
          .where('key_id', 'is not', null)
          .groupBy('key_id')
          .orderBy('key_id')
          .execute(),
      ]);
      const rows = byDay.map((row) => ({ day: Number(row.day), credits: Number(row.credits) }));
      return {
        byDay: rows,
        byAgent: byAgent.map((row) => ({ agentId: row.agent_id as string, credits: Number(row.credits) })),
        byKey: byKey.map((row) => ({ keyId: row.key_id as string, credits: Number(row.credits) })),
        total: rows.reduce((sum, row) => sum + row.credits, 0),
      };
    },
    async chargeCounts(accountId, from, to) {
      const charges = db
        .selectFrom('credit_entries')
        .where('account_id', '=', accountId)
        .where('kind', '=', 'charge')
        .where('created_at', '>=', from)
        .where('created_at', '<', to);
      const count = sql<number>`count(*)`;
      const [byDay, byAgent] = await Promise.all([
        charges
          .select([UTC_DAY.as('day'), count.as('count')])
          .groupBy(UTC_DAY)
          .orderBy(UTC_DAY)
          .execute(),
        charges
          .select(['agent_id', count.as('count')])
          .where('agent_id', 'is not', null)
          .groupBy('agent_id')
          .orderBy('agent_id')
          .execute(),
      ]);
      const rows = byDay.map((row) => ({ day: Number(row.day), count: Number(row.count) }));
      return {
        byDay: rows,
        byAgent: byAgent.map((row) => ({ agentId: row.agent_id as string, count: Number(row.count) })),
        total: rows.reduce((sum, row) => sum + row.count, 0),
      };
    },
  };
}
