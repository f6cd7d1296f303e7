import type { AccountRecord, PlanName } from '../../../ports/account-store.ts';
import type { MemberRecord, MemberRole } from '../../../ports/member-store.ts';
import type { AccountsTable, MembersTable } from '../schema/account.ts';

export const toAccount = (row: AccountsTable): AccountRecord => ({
  id: row.id,
  name: row.name,
  plan: row.plan as PlanName,
  creditBalance: row.credit_balance,
  lastRefillAmount: row.last_refill_amount,
  lastRefillAt: row.last_refill_at,
  createdAt: row.created_at,
  nextAllowanceAt: row.next_allowance_at,
});

export const fromAccount = (a: AccountRecord): AccountsTable => ({
  id: a.id,
  name: a.name,
  plan: a.plan,
  credit_balance: a.creditBalance,
  last_refill_amount: a.lastRefillAmount,
  last_refill_at: a.lastRefillAt,
  created_at: a.createdAt,
  next_allowance_at: a.nextAllowanceAt,
});

export const toMember = (row: MembersTable): MemberRecord => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  role: row.role as MemberRole,
  createdAt: row.created_at,
});
