// Credits are decimals in the API (a search costs 0.2) and integers in storage: millicredits,
// so sums are exact and never drift.
export const MILLI = 1000;

export const toMillicredits = (credits: number): number => Math.round(credits * MILLI);
export const toCredits = (millicredits: number): number => Math.round(millicredits) / MILLI;

/** The smallest amount of credit: a top-up or quota under it would be stored as 0 (or rounded up). */
export const SMALLEST_CREDIT = 1 / MILLI;
