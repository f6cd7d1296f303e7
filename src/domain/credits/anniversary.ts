// Monthly anniversaries of an anchor instant, in UTC: the same day of month and time of day,
// clamped to the month's last day. Each one is computed from the anchor, never from the previous
// (clamped) date, so an account created on Jan 31 renews on Feb 28 (29), then Mar 31.

/** The `n`th monthly anniversary of `anchor` (n = 0 is the anchor itself). */
export function monthlyAnniversary(anchor: number, n: number): number {
  const start = new Date(anchor);
  const month = start.getUTCMonth() + n;
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return Date.UTC(
    start.getUTCFullYear(),
    month,
    Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
    start.getUTCMilliseconds(),
  );
}

/** The first anniversary of `anchor` strictly after `at` (at least the first one, n = 1). */
export function nextAnniversaryAfter(anchor: number, at: number): number {
  const a = new Date(anchor);
  const t = new Date(at);
  // Whole months between the two; the answer is that many months on, or one more.
  let n = Math.max(1, (t.getUTCFullYear() - a.getUTCFullYear()) * 12 + t.getUTCMonth() - a.getUTCMonth());
  while (monthlyAnniversary(anchor, n) <= at) n += 1;
  return monthlyAnniversary(anchor, n);
}
