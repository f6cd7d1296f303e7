import type { SiteSchedule } from '../../ports/site-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const INTERVAL_MS: Record<SiteSchedule, number | null> = { off: null, daily: DAY_MS, weekly: 7 * DAY_MS };

/** When a site on `schedule` runs next, counted from its last run (or from now, never run). */
export function nextRunAt(schedule: SiteSchedule, lastRunAt: number | null, now: number): number | null {
  const interval = INTERVAL_MS[schedule];
  return interval === null ? null : (lastRunAt ?? now) + interval;
}
