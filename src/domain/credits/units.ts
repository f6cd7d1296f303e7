// Credits are decimals in the API (a search costs 0.2) and integers in storage: millicredits,
// so sums are exact and never drift.
export const MILLI = 1000;

export const toMillicredits = (credits: number): number => Math.round(credits * MILLI);
export const toCredits = (millicredits: number): number => Math.round(millicredits) / MILLI;

/** Whether an amount is a whole number of thousandths (0.2, 1.001): a finer one would be stored
 * rounded, so a top-up, a quota or a price would be other than the one written. */
export const isWholeThousandths = (credits: number): boolean => Math.round(credits * MILLI) / MILLI === credits;

/** What an amount finer than a thousandth is told. */
export const FINER_THAN_THOUSANDTHS = 'must be a whole number of thousandths of a credit (such as 0.2 or 0.001)';

/** The smallest amount of credit: a top-up or quota under it would be stored as 0 (or rounded up). */
export const SMALLEST_CREDIT = 1 / MILLI;

/** The largest amount of credit a top-up, a starting balance or a key quota takes. Millicredits
 * are read back as JavaScript numbers: a quota past the safe integers (about 9e12 credits) was
 * stored, then every read of its account's keys failed. 1e9 leaves room for any sum of them. */
export const LARGEST_CREDIT = 1_000_000_000;

export type CreditAmountProblem = 'under' | 'over' | 'finer';

/** What each problem of a positive amount is told, in `error.list`. */
export const CREDIT_AMOUNT_RULES: Record<CreditAmountProblem, string> = {
  under: 'must be at least 0.001',
  over: `must be at most ${LARGEST_CREDIT}`,
  finer: FINER_THAN_THOUSANDTHS,
};

/** Why a positive amount (a top-up, a starting balance, a key quota) cannot be kept as written:
 * under the smallest unit, over the largest, or finer than a thousandth; undefined when it can. */
export function creditAmountProblem(credits: number): CreditAmountProblem | undefined {
  if (credits < SMALLEST_CREDIT) return 'under';
  if (credits > LARGEST_CREDIT) return 'over';
  return isWholeThousandths(credits) ? undefined : 'finer';
}
