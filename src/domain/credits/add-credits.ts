import type { DomainDeps } from '../context.ts';
import type { CreditEntryRecord } from '../../ports/credit-store.ts';
import { AppError } from '../errors.ts';
import { CREDIT_AMOUNT_RULES, creditAmountProblem, toMillicredits, type CreditAmountProblem } from './units.ts';
import type { Store } from '../../ports/store.ts';

const TOP_UP_PROBLEMS: Record<CreditAmountProblem, string> = {
  under: 'The amount is less than the smallest unit of credit.',
  over: 'The amount is more than one top-up takes.',
  finer: 'The amount is finer than the smallest unit of credit.',
};

/** A top-up: adds credits and becomes the account's last refill. */
export async function addCredits(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  accountId: string,
  credits: number,
): Promise<CreditEntryRecord> {
  if (!Number.isFinite(credits) || credits <= 0)
    throw new AppError('INVALID_BODY', 'The amount must be a positive number.', {
      list: { amount: ['must be a positive number'] },
    });
  // Credits are kept in thousandths: less would be a top-up of 0 (or, from half a thousandth, one
  // rounded up), yet the last refill (credits.low).
  const problem = creditAmountProblem(credits);
  if (problem)
    throw new AppError('INVALID_BODY', TOP_UP_PROBLEMS[problem], { list: { amount: [CREDIT_AMOUNT_RULES[problem]] } });
  const amount = toMillicredits(credits);
  const entry = await deps.store.transaction(async (tx) =>
    tx.credits.apply({
      id: deps.ids.next('crd'),
      accountId,
      kind: 'topup',
      amount,
      agentId: null,
      keyId: null,
      description: 'top-up',
      createdAt: deps.clock.now(),
    }),
  );
  if (!entry) throw new AppError('NOT_FOUND', `No account ${accountId}.`);
  return entry;
}
