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

/** A whole number with thousands separators. The console's words are English, so its numbers are too. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** A file size: bytes, KB or MB (powers of 1,000, like storage). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
