import type { AccountStore } from '../../../ports/account-store.ts';
import type { MemberRole, MemberStore } from '../../../ports/member-store.ts';
import type { Store } from '../../../ports/store.ts';
import type { Db } from '../kysely-store.ts';
import { atomically } from '../atomically.ts';
import { fromAccount, toAccount, toMember } from '../rows/account.ts';

export function createAccountRepository(db: Db): AccountStore {
  return {
    async insert(account) {
      await db.insertInto('accounts').values(fromAccount(account)).execute();
    },
    async get(accountId) {
      const row = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
      return row && toAccount(row);
    },
    async listAllowanceDue(now, limit) {
      const rows = await db
        .selectFrom('accounts')
        .selectAll()
        .where((eb) => eb.or([eb('next_allowance_at', '<=', now), eb('next_allowance_at', 'is', null)]))
        .orderBy('next_allowance_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toAccount);
    },
    async claimAllowance(accountId, due, next) {
      // Under READ COMMITTED a second claimer waits for the first's row lock, then re-checks the
      // condition against the committed value and updates nothing.
      const result = await db
        .updateTable('accounts')
        .set({ next_allowance_at: next })
        .where('id', '=', accountId)
        .where('next_allowance_at', due === null ? 'is' : '=', due)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export function createMemberRepository(db: Db, dialect: Store['dialect']): MemberStore {
  return {
    async insert(member) {
      await db
        .insertInto('members')
        .values({
          id: member.id,
          account_id: member.accountId,
          email: member.email,
          role: member.role,
          created_at: member.createdAt,
        })
        .execute();
    },
    async findByEmail(accountId, email) {
      const row = await db
        .selectFrom('members')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('email', '=', email)
        .executeTakeFirst();
      return row && toMember(row);
    },
    async list(accountId) {
      const rows = await db
        .selectFrom('members')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toMember);
    },
    async accountsOf(email) {
      const rows = await db
        .selectFrom('members')
        .innerJoin('accounts', 'accounts.id', 'members.account_id')
        .select(['accounts.id', 'accounts.name', 'members.role'])
        .where('members.email', '=', email)
        .orderBy('members.created_at')
        .execute();
      return rows.map((row) => ({ id: row.id, name: row.name, role: row.role as MemberRole }));
    },
    async delete(accountId, memberId) {
      return atomically(db, async (tx) => {
        // PostgreSQL: the owners' rows are locked first, so a concurrent removal waits and then
        // counts only the owners still there. SQLite has one writer (BEGIN IMMEDIATE).
        let owners = tx
          .selectFrom('members')
          .select('id')
          .where('account_id', '=', accountId)
          .where('role', '=', 'owner')
          .orderBy('id');
        if (dialect === 'postgres') owners = owners.forUpdate();
        const ownerCount = (await owners.execute()).length;
        const target = await tx
          .selectFrom('members')
          .select('role')
          .where('account_id', '=', accountId)
          .where('id', '=', memberId)
          .executeTakeFirst();
        if (!target) return 'missing';
        if (target.role === 'owner' && ownerCount <= 1) return 'last-owner';
        await tx.deleteFrom('members').where('account_id', '=', accountId).where('id', '=', memberId).execute();
        return 'deleted';
      });
    },
  };
}
