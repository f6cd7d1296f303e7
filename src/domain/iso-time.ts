// Times are epoch milliseconds inside; every view shows them as ISO 8601 UTC with milliseconds.

export const isoTime = (at: number): string => new Date(at).toISOString();

export const isoTimeOrNull = (at: number | null): string | null => (at === null ? null : isoTime(at));

/** A time of day with its offset from UTC: without one, Date.parse reads the machine's local time. */
const ZONED_TIME = /^[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Epoch milliseconds of an ISO 8601 text (a date, or a date-time with its zone), or NaN when it is
 * not one, names a day its month does not have (Date.parse reads 2027-02-30 as March 2), or has a
 * time but no zone (2030-01-01T00:00:00 is midnight where the command happens to run).
 */
export function parseIsoTime(text: string): number {
  const date = /^(\d{4})-(\d{2})-(\d{2})(?=$|[Tt ])/.exec(text);
  if (!date) return Number.NaN;
  if (text.length > 10 && !ZONED_TIME.test(text.slice(10))) return Number.NaN;
  const [, year, month, day] = date.map(Number) as [number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return Number.NaN;
  return Date.parse(text);
}
