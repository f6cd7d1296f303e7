import type { ApiKeyStore } from '../../../ports/api-key-store.ts';
import type { Db } from '../kysely-store.ts';
import { fromApiKey, toApiKey } from '../rows/api-key.ts';
import { toAccount } from '../rows/account.ts';
import { withParameters } from '../compiled.ts';

/** The key and its account in one round trip; every authenticated request runs it. */
function compileFindByHash(db: Db) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .selectAll('k')
    .select([
      'a.name as a_name',
      'a.plan as a_plan',
      'a.credit_balance as a_credit_balance',
      'a.last_refill_amount as a_last_refill_amount',
      'a.last_refill_at as a_last_refill_at',
      'a.created_at as a_created_at',
      'a.next_allowance_at as a_next_allowance_at',
    ])
    .where('k.key_hash', '=', '')
    .compile();
}

export function createApiKeyRepository(db: Db): ApiKeyStore {
  // Built and compiled once per repository: the hot path skips Kysely's query building.
  let findByHashQuery: ReturnType<typeof compileFindByHash> | undefined;
  return {
    async insert(key) {
      await db.insertInto('api_keys').values(fromApiKey(key)).execute();
    },
    async findByHash(keyHash) {
      const result = await db.executeQuery(withParameters((findByHashQuery ??= compileFindByHash(db)), [keyHash]));
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        key: toApiKey(row),
        account: toAccount({
          id: row.account_id,
          name: row.a_name,
          plan: row.a_plan,
          credit_balance: row.a_credit_balance,
          last_refill_amount: row.a_last_refill_amount,
          last_refill_at: row.a_last_refill_at,
          created_at: row.a_created_at,
          next_allowance_at: row.a_next_allowance_at,
        }),
      };
    },
    async get(accountId, keyId) {
      const row = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', keyId)
        .executeTakeFirst();
      return row && toApiKey(row);
    },
    async list(accountId) {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toApiKey);
    },
    async revoke(accountId, keyId, at) {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('account_id', '=', accountId)
        .where('id', '=', keyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async touch(keyId, at) {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
    },
    async addUsageWithinQuota(keyId, amount) {
      // One conditional UPDATE: concurrent charges can never push a key past its quota.
      const result = await db
        .updateTable('api_keys')
        .set((eb) => ({ usage_total: eb('usage_total', '+', amount) }))
        .where('id', '=', keyId)
        .where((eb) => eb.or([eb('quota', 'is', null), eb(eb('usage_total', '+', amount), '<=', eb.ref('quota'))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async ownerOf(keyId) {
      const row = await db.selectFrom('api_keys').select('account_id').where('id', '=', keyId).executeTakeFirst();
      return row?.account_id;
    },
  };
}
