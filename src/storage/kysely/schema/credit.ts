// The credit ledger and the record of which refill's low-credit alert was sent.

export interface CreditEntriesTable {
  id: string;
  account_id: string;
  kind: string;
  amount: number;
  balance_after: number;
  agent_id: string | null;
  key_id: string | null;
  description: string | null;
  created_at: number;
}

export interface CreditLowAlertsTable {
  account_id: string;
  refill_entry_id: string;
  sent_at: number;
}

export interface CreditTables {
  credit_entries: CreditEntriesTable;
  credit_low_alerts: CreditLowAlertsTable;
}
