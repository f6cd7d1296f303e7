// The credit ledger (integer millicredits): the balance and its entries, usage totals, and the
// record of which refill's low-credit alert was sent.

export type CreditEntryKind = 'topup' | 'allowance' | 'charge' | 'refund';

export interface CreditEntryRecord {
  id: string;
  accountId: string;
  kind: CreditEntryKind;
  /** Signed: positive adds to the balance, negative takes from it. */
  amount: number;
  balanceAfter: number;
  agentId: string | null;
  keyId: string | null;
  description: string | null;
  createdAt: number;
}

export interface UsageTotals {
  byDay: Array<{ day: number; credits: number }>;
  byAgent: Array<{ agentId: string; credits: number }>;
  byKey: Array<{ keyId: string; credits: number }>;
  total: number;
}

/** How many requests were charged (credit entries of kind `charge`; a later refund does not
 * remove one), by UTC day (days since the epoch) and by agent. */
export interface ChargeCounts {
  byDay: Array<{ day: number; count: number }>;
  byAgent: Array<{ agentId: string; count: number }>;
  total: number;
}

export interface ApplyOptions {
  /** Takes nothing and returns undefined when the balance is short. */
  requireCovered?: boolean;
  /** For a top-up or allowance: the refill amount recorded as the account's last refill (the
   * credits.low threshold is a fraction of it) instead of the entry's amount. A monthly renewal
   * adds only what is missing but counts as a refill of the whole allowance. */
  refillAmount?: number;
}

export interface CreditStore {
  /** Applies a signed amount to the balance and appends the entry, atomically. A top-up or
   * allowance entry becomes the account's last refill. */
  apply(entry: Omit<CreditEntryRecord, 'balanceAfter'>, options?: ApplyOptions): Promise<CreditEntryRecord | undefined>;
  usage(accountId: string, from: number, to: number): Promise<UsageTotals>;
  /** The charged requests over [from, to). */
  chargeCounts(accountId: string, from: number, to: number): Promise<ChargeCounts>;
}

/** Which refill cycle the low-credit alert was last sent in (SPEC §6 rule 1). */
export interface CreditAlertStore {
  /** The id of the account's latest top-up or allowance entry. */
  lastRefillEntryId(accountId: string): Promise<string | undefined>;
  /** Marks the alert sent for this refill; false when it already was. */
  markLowSent(accountId: string, refillEntryId: string, at: number): Promise<boolean>;
}
