import type { DomainDeps, RequestContext } from '../context.ts';
import type { ApiKeyRecord } from '../../ports/api-key-store.ts';
import type { CreditEntryRecord } from '../../ports/credit-store.ts';
import type { Store, StoreRepositories } from '../../ports/store.ts';
import { AppError } from '../errors.ts';
import { toCredits, toMillicredits } from './units.ts';
import { recordLowCreditsIfDue } from './record-low-credits.ts';

/** 429 QUOTA_EXCEEDED, said as what it is: a quota with nothing left is used up; one with some left
 * is too small for this request's price (a key with a 1-credit quota asking a 2-credit chat). */
function quotaExceeded(key: Pick<ApiKeyRecord, 'quota' | 'usageTotal'> | undefined, amount: number): AppError {
  const left = key && key.quota !== null ? key.quota - key.usageTotal : 0;
  if (left <= 0) return new AppError('QUOTA_EXCEEDED', "This key's credit quota is used up.");
  const cost = toCredits(amount);
  return new AppError(
    'QUOTA_EXCEEDED',
    `This key's credit quota is too small for this request: it costs ${cost} credit${cost === 1 ? '' : 's'} and the quota has ${toCredits(left)} left.`,
  );
}
const insufficientCredits = () => new AppError('INSUFFICIENT_CREDITS', 'Not enough credits for this request.');

export interface ChargeInput {
  credits: number;
  agentId: string | null;
  description: string;
}

/**
 * Takes credits for one request inside the caller's transaction: from the account's balance
 * (402 INSUFFICIENT_CREDITS when short) and against the key's quota (429 QUOTA_EXCEEDED), and adds
 * them to the agent's usage; records `credits.low` when the charge crosses its threshold. Throwing
 * rolls the whole transaction back, so nothing is half-charged.
 */
export async function chargeCredits(
  tx: Pick<StoreRepositories, 'accounts' | 'agents' | 'creditAlerts' | 'credits' | 'events' | 'keys'>,
  deps: Pick<DomainDeps, 'clock' | 'ids'>,
  ctx: RequestContext,
  input: ChargeInput,
): Promise<CreditEntryRecord> {
  const amount = toMillicredits(input.credits);
  if (ctx.key && !(await tx.keys.addUsageWithinQuota(ctx.key.id, amount))) {
    throw quotaExceeded(await tx.keys.get(ctx.accountId, ctx.key.id), amount);
  }
  const entry = await tx.credits.apply(
    {
      id: deps.ids.next('crd'),
      accountId: ctx.accountId,
      kind: 'charge',
      amount: -amount,
      agentId: input.agentId,
      keyId: ctx.key?.id ?? null,
      description: input.description,
      createdAt: deps.clock.now(),
    },
    { requireCovered: true },
  );
  if (!entry) throw insufficientCredits();
  if (input.agentId) await tx.agents.addUsage(ctx.accountId, input.agentId, amount);
  await recordLowCreditsIfDue(tx, deps, ctx.accountId, entry.balanceAfter);
  return entry;
}

/** Gives back a charge in full (a failed request costs nothing), in its own transaction. */
export async function refundCharge(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  charge: CreditEntryRecord,
): Promise<void> {
  const amount = -charge.amount;
  await deps.store.transaction(async (tx) => {
    await tx.credits.apply({
      id: deps.ids.next('crd'),
      accountId: charge.accountId,
      kind: 'refund',
      amount,
      agentId: charge.agentId,
      keyId: charge.keyId,
      description: `refund of ${charge.id}`,
      createdAt: deps.clock.now(),
    });
    if (charge.keyId) await tx.keys.addUsageWithinQuota(charge.keyId, -amount);
    if (charge.agentId) await tx.agents.addUsage(ctx.accountId, charge.agentId, -amount);
  });
}

/** chargeCredits' checks without taking anything, for work whose charge is taken with its result
 * (chat): 429 QUOTA_EXCEEDED or 402 INSUFFICIENT_CREDITS before any work begins. */
export async function assertCanPay(
  deps: { store: Pick<Store, 'accounts' | 'keys'> },
  ctx: RequestContext,
  credits: number,
): Promise<void> {
  const amount = toMillicredits(credits);
  if (ctx.key) {
    const key = await deps.store.keys.get(ctx.accountId, ctx.key.id);
    if (key && key.quota !== null && key.usageTotal + amount > key.quota) throw quotaExceeded(key, amount);
  }
  const account = await deps.store.accounts.get(ctx.accountId);
  if (!account || account.creditBalance < amount) throw insufficientCredits();
}
