// Times are epoch milliseconds inside; every view shows them as ISO 8601 UTC with milliseconds.

export const isoTime = (at: number): string => new Date(at).toISOString();

export const isoTimeOrNull = (at: number | null): string | null => (at === null ? null : isoTime(at));
