// Numbers and dates as people read them.

export function formatDate(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : '—';
}

export function formatCredits(credits: number): string {
  return credits.toLocaleString(undefined, { maximumFractionDigits: 2 });
}

/** Storage is characters of text plus bytes of files. */
export function formatStorage(amount: number): string {
  if (amount < 1_000) return `${amount}`;
  if (amount < 1_000_000) return `${(amount / 1_000).toFixed(1)} k`;
  return `${(amount / 1_000_000).toFixed(2)} M`;
}
