// Credits are decimals in the API (a search costs 0.2) and integers in storage: millicredits,
// so sums are exact and never drift.
export const MILLI = 1000;

export const toMillicredits = (credits: number): number => Math.round(credits * MILLI);
export const toCredits = (millicredits: number): number => Math.round(millicredits) / MILLI;

/** The smallest amount of credit: a top-up or quota under it would be stored as 0 (or rounded up). */
export const SMALLEST_CREDIT = 1 / MILLI;

/** The largest amount of credit a top-up, a starting balance or a key quota takes. Millicredits
 * are read back as JavaScript numbers: a quota past the safe integers (about 9e12 credits) was
 * stored, then every read of its account's keys failed. 1e9 leaves room for any sum of them. */
export const LARGEST_CREDIT = 1_000_000_000;
