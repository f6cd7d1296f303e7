// Monthly allowance renewal (SPEC §8's "monthly allowance"). On each anniversary of its creation an
// account's balance is raised to its plan's monthlyCredits if below (unused allowance does not
// pile up; purchased credits above it are kept). Missed months renew once. Any number of
// processes may run rounds at once: each renewal is claimed by a conditional UPDATE in the
// transaction that changes the balance, so an account is never renewed twice for one anniversary.
import type { DomainDeps } from '../context.ts';
import type { AccountRecord } from '../../ports/account-store.ts';
import { nextAnniversaryAfter } from './anniversary.ts';
import { toMillicredits } from './units.ts';
import type { Store } from '../../ports/store.ts';

/** Accounts looked at per batch; a round keeps going while batches come back full. */
export const RENEWAL_BATCH = 100;

export interface RenewalRound {
  /** Accounts that got an allowance entry (possibly of 0 credits). */
  renewed: number;
  /** Accounts whose next renewal was only scheduled: unscheduled before, or a plan with no allowance. */
  scheduled: number;
  failed: Array<{ accountId: string; error: unknown }>;
}

type Outcome = 'renewed' | 'scheduled' | 'taken';

/** Renews one due account in its own transaction; 'taken' when another worker claimed it first. */
async function renewAccount(
  deps: Pick<DomainDeps, 'ids' | 'catalog'> & { store: Pick<Store, 'transaction'> },
  due: AccountRecord,
  now: number,
): Promise<Outcome> {
  return deps.store.transaction(async (tx) => {
    const next = nextAnniversaryAfter(due.createdAt, now);
    if (!(await tx.accounts.claimAllowance(due.id, due.nextAllowanceAt, next))) return 'taken';
    // First sight of an account made before renewals existed: schedule its next anniversary only.
    if (due.nextAllowanceAt === null) return 'scheduled';
    const account = await tx.accounts.get(due.id);
    if (!account) return 'taken';
    const allowance = toMillicredits(deps.catalog.plans[account.plan].monthlyCredits);
    if (allowance <= 0) return 'scheduled';
    const amount = Math.max(0, allowance - account.creditBalance);
    await tx.credits.apply(
      {
        id: deps.ids.next('crd'),
        accountId: account.id,
        kind: 'allowance',
        amount,
        agentId: null,
        keyId: null,
        description: `monthly allowance (${account.plan} plan)`,
        createdAt: now,
      },
      { refillAmount: allowance },
    );
    return 'renewed';
  });
}

/** One round: renews every account due now, batch by batch. A failing account is reported and
 * left due (the next round tries it again); it does not stop the others. */
export async function renewDueAllowances(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog'> & { store: Pick<Store, 'accounts' | 'transaction'> },
  batchSize = RENEWAL_BATCH,
): Promise<RenewalRound> {
  const round: RenewalRound = { renewed: 0, scheduled: 0, failed: [] };
  for (;;) {
    const now = deps.clock.now();
    const due = await deps.store.accounts.listAllowanceDue(now, batchSize);
    let progressed = 0;
    for (const account of due) {
      try {
        const outcome = await renewAccount(deps, account, now);
        if (outcome !== 'taken') round[outcome] += 1;
        progressed += 1;
      } catch (error) {
        round.failed.push({ accountId: account.id, error });
      }
    }
    // A full batch may hide more; a batch of only failures would come back the same: stop.
    if (due.length < batchSize || progressed === 0) return round;
  }
}
