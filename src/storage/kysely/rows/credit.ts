import type { CreditEntryKind, CreditEntryRecord } from '../../../ports/credit-store.ts';
import type { CreditEntriesTable } from '../schema/credit.ts';

export const toCreditEntry = (row: CreditEntriesTable): CreditEntryRecord => ({
  id: row.id,
  accountId: row.account_id,
  kind: row.kind as CreditEntryKind,
  amount: row.amount,
  balanceAfter: row.balance_after,
  agentId: row.agent_id,
  keyId: row.key_id,
  description: row.description,
  createdAt: row.created_at,
});
