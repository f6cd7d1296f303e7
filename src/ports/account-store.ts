// Accounts: their plan, credit balance and monthly allowance. The plan names live here because
// the account record and the request context carry them (the domain's plan limits are keyed by them).

export const PLAN_NAMES = ['free', 'starter', 'pro', 'business'] as const;

export type PlanName = (typeof PLAN_NAMES)[number];

export interface AccountRecord {
  id: string;
  name: string;
  plan: PlanName;
  creditBalance: number;
  lastRefillAmount: number | null;
  lastRefillAt: number | null;
  createdAt: number;
  /** When the monthly allowance renews next; null until scheduled (accounts made before renewals existed). */
  nextAllowanceAt: number | null;
}

export interface AccountStore {
  insert(account: AccountRecord): Promise<void>;
  get(accountId: string): Promise<AccountRecord | undefined>;
  /** Renewal worker only (crosses accounts): up to `limit` accounts whose allowance is due at
   * `now`, or not scheduled yet (null), soonest first. */
  listAllowanceDue(now: number, limit: number): Promise<AccountRecord[]>;
  /** Moves the account's renewal from `due` (null: unscheduled) to `next` with one conditional
   * UPDATE; false when another worker moved it first. In a transaction, the claim holds the
   * account's row until commit, so the balance read after it is the one the renewal changes. */
  claimAllowance(accountId: string, due: number | null, next: number): Promise<boolean>;
}
