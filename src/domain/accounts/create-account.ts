import type { DomainDeps } from '../context.ts';
import type { AccountRecord, PlanName } from '../../ports/account-store.ts';
import {
  CREDIT_AMOUNT_RULES,
  creditAmountProblem,
  toMillicredits,
  type CreditAmountProblem,
} from '../credits/units.ts';
import { monthlyAnniversary } from '../credits/anniversary.ts';
import { AppError } from '../errors.ts';
import type { Store } from '../../ports/store.ts';

const STARTING_CREDITS_PROBLEMS: Record<CreditAmountProblem, string> = {
  under: 'The starting credits are less than the smallest unit of credit.',
  over: 'The starting credits are more than an account takes at once.',
  finer: 'The starting credits are finer than the smallest unit of credit.',
};

export interface CreateAccountInput {
  name: string;
  plan: PlanName;
  /** Starting credits; the plan's monthly allowance when omitted. */
  credits?: number;
}

/** A new account: the plan's allowance (or `credits`) now, renewed monthly from its creation time. */
export async function createAccount(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog'> & { store: Pick<Store, 'transaction'> },
  input: CreateAccountInput,
): Promise<AccountRecord> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100)
    throw new AppError('INVALID_BODY', 'The account name must be 1 to 100 characters.', {
      list: { name: ['must be 1 to 100 characters'] },
    });
  const credits = input.credits ?? deps.catalog.plans[input.plan].monthlyCredits;
  if (!Number.isFinite(credits) || credits < 0)
    throw new AppError('INVALID_BODY', 'Credits must be a number of at least 0.', {
      list: { credits: ['must be a number of at least 0'] },
    });
  // Kept in thousandths: less would start the account at 0 (or, from half a thousandth, at 0.001).
  const problem = credits > 0 ? creditAmountProblem(credits) : undefined;
  if (problem)
    throw new AppError('INVALID_BODY', STARTING_CREDITS_PROBLEMS[problem], {
      list: { credits: [CREDIT_AMOUNT_RULES[problem]] },
    });
  const now = deps.clock.now();
  const account: AccountRecord = {
    id: deps.ids.next('acc'),
    name,
    plan: input.plan,
    creditBalance: 0,
    lastRefillAmount: null,
    lastRefillAt: null,
    createdAt: now,
    nextAllowanceAt: monthlyAnniversary(now, 1),
  };
  return deps.store.transaction(async (tx) => {
    await tx.accounts.insert(account);
    if (credits > 0) {
      await tx.credits.apply({
        id: deps.ids.next('crd'),
        accountId: account.id,
        kind: 'allowance',
        amount: toMillicredits(credits),
        agentId: null,
        keyId: null,
        description: `${input.plan} plan allowance`,
        createdAt: now,
      });
    }
    return (await tx.accounts.get(account.id)) as AccountRecord;
  });
}
