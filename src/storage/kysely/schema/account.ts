// The accounts and their members (the people of an account, by email).

export interface AccountsTable {
  id: string;
  name: string;
  plan: string;
  credit_balance: number;
  last_refill_amount: number | null;
  last_refill_at: number | null;
  created_at: number;
  /** Added by 0006_allowance_renewal. */
  next_allowance_at: number | null;
}

export interface MembersTable {
  id: string;
  account_id: string;
  email: string;
  role: string;
  created_at: number;
}

export interface AccountTables {
  accounts: AccountsTable;
  members: MembersTable;
}
