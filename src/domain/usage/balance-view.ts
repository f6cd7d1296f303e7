import type { AccountRecord } from '../../ports/account-store.ts';
import { toCredits } from '../credits/units.ts';

export interface BalanceView {
  credits: number;
  /** The last top-up or allowance renewal; null before any. */
  lastRefill: { credits: number; at: string } | null;
}

/** An account's balance as GET /usage and the console's overview show it. */
export function toBalanceView(account: AccountRecord | undefined): BalanceView {
  return {
    credits: toCredits(account?.creditBalance ?? 0),
    lastRefill:
      account?.lastRefillAt != null && account.lastRefillAmount != null
        ? { credits: toCredits(account.lastRefillAmount), at: new Date(account.lastRefillAt).toISOString() }
        : null,
  };
}
