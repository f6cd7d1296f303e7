import type { DomainDeps } from '../context.ts';
import type { StoreRepositories } from '../../ports/store.ts';
import { recordEvent } from '../events/record-event.ts';
import { toCredits } from './units.ts';

/** SPEC §8: the alert fires below 20% of the last top-up or monthly allowance. */
export const LOW_CREDITS_FRACTION = 0.2;

/**
 * Records `credits.low` when the balance has fallen below the threshold, once per refill (SPEC §6
 * rule 1), inside the charge's transaction. The charge's UPDATE holds the account's row until
 * commit, so concurrent charges reach this check one after another and only one records it.
 */
export async function recordLowCreditsIfDue(
  tx: Pick<StoreRepositories, 'accounts' | 'creditAlerts' | 'events'>,
  deps: Pick<DomainDeps, 'clock' | 'ids'>,
  accountId: string,
  balanceAfter: number,
): Promise<void> {
  const account = await tx.accounts.get(accountId);
  if (!account || account.lastRefillAmount === null) return;
  const threshold = Math.round(account.lastRefillAmount * LOW_CREDITS_FRACTION);
  if (balanceAfter >= threshold) return;
  const refill = await tx.creditAlerts.lastRefillEntryId(accountId);
  if (!refill || !(await tx.creditAlerts.markLowSent(accountId, refill, deps.clock.now()))) return;
  await recordEvent(tx, deps, accountId, 'credits.low', {
    credits: toCredits(balanceAfter),
    threshold: toCredits(threshold),
  });
}
