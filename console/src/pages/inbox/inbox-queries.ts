// The inbox's query keys and refresh: polling the admin API works the same on every node.
export const INBOX_REFRESH_MS = 2_000;

export const inboxKey = (accountPath: string) => ['inbox', accountPath];

/** "3 min", "2 h 5 min", "just now": how long since `iso`. */
export function waitedFor(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}
