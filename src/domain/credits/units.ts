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
