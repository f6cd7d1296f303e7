// The team's hours: when the account's people answer conversations handed to them. Outside them a
// handover still happens (the conversation waits in the inbox) and the visitor is told when a
// person will answer. Times are wall-clock times in the team's IANA time zone.
import { WEEKDAYS, type HandoffHours, type Weekday } from '../../ports/handoff-hours.ts';
import type { ValidationList } from '../errors.ts';

export const HOURS_RANGES_MAX = 14;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The problems of a schedule, by field (empty when it is valid). */
export function checkHours(hours: HandoffHours): ValidationList {
  // The HTTP schema proves the shape; the CLI reads a file, so it is checked here too.
  if (
    typeof hours !== 'object' ||
    hours === null ||
    typeof hours.timeZone !== 'string' ||
    !Array.isArray(hours.weekly) ||
    !hours.weekly.every(
      (range) => Array.isArray(range?.days) && typeof range.from === 'string' && typeof range.to === 'string',
    )
  )
    return { 'handoff.hours': ['must be {timeZone, weekly: [{days, from, to}]}'] };
  const list: ValidationList = {};
  if (!isTimeZone(hours.timeZone))
    list['handoff.hours.timeZone'] = ['must be an IANA time zone, such as Europe/Berlin'];
  const problems: string[] = [];
  if (hours.weekly.length === 0 || hours.weekly.length > HOURS_RANGES_MAX)
    problems.push(`must list 1 to ${HOURS_RANGES_MAX} ranges`);
  hours.weekly.forEach((range, index) => {
    if (range.days.length === 0 || range.days.some((day) => !WEEKDAYS.includes(day)))
      problems.push(`[${index}].days must name days among ${WEEKDAYS.join(', ')}`);
    if (!TIME.test(range.from) || !TIME.test(range.to)) problems.push(`[${index}] from and to must be HH:MM`);
    else if (minutesOf(range.from) >= minutesOf(range.to)) problems.push(`[${index}].from must be before to`);
  });
  if (problems.length > 0) list['handoff.hours.weekly'] = problems;
  return list;
}

/** A valid schedule as it is kept: the time zone under the name IANA gives it (a zone is matched
 * in any case, and the away notice shows the name), each day of a range once. */
export function canonicalHours(hours: HandoffHours): HandoffHours {
  return {
    timeZone: new Intl.DateTimeFormat('en-US', { timeZone: hours.timeZone }).resolvedOptions().timeZone,
    weekly: hours.weekly.map((range) => ({ ...range, days: [...new Set(range.days)] })),
  };
}

/** The weekday (0 = Monday) and minute of the day at `at` in `timeZone`. */
function localTime(timeZone: string, at: number): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday'));
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

export interface Availability {
  /** People answer now. */
  open: boolean;
  /** When they next start answering (epoch ms); null while open. */
  opensAt: number | null;
}

/** Whether people answer at `now`, and if not, when they next will. */
export function availability(hours: HandoffHours | null, now: number): Availability {
  if (!hours) return { open: true, opensAt: null };
  const here = localTime(hours.timeZone, now);
  const ranges = hours.weekly.flatMap((range) =>
    range.days.map((day) => ({ day: WEEKDAYS.indexOf(day), from: minutesOf(range.from), to: minutesOf(range.to) })),
  );
  if (ranges.some((r) => r.day === here.day && r.from <= here.minute && here.minute < r.to))
    return { open: true, opensAt: null };
  // The next start, in minutes of wall-clock time ahead; then made an instant (one correction for a
  // change of UTC offset in between, such as daylight saving time).
  let ahead = Infinity;
  for (const r of ranges) {
    let minutes = ((r.day - here.day + 7) % 7) * 1440 + r.from - here.minute;
    if (minutes <= 0) minutes += 7 * 1440;
    ahead = Math.min(ahead, minutes);
  }
  const guess = now - (now % 60_000) + ahead * 60_000;
  const drift = ((localTime(hours.timeZone, guess).minute - ((here.minute + ahead) % 1440) + 2160) % 1440) - 720;
  return { open: false, opensAt: guess - drift * 60_000 };
}

/** "Monday at 09:00 (Europe/Berlin)": when people next answer, in the team's time zone. */
export function describeOpening(hours: HandoffHours, opensAt: number): string {
  const { day, minute } = localTime(hours.timeZone, opensAt);
  const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  return `${DAY_NAMES[WEEKDAYS[day] as Weekday]} at ${time} (${hours.timeZone})`;
}

/** What the visitor is told when no one is there; null while people answer. */
export function awayNotice(hours: HandoffHours | null, now: number): string | null {
  const { open, opensAt } = availability(hours, now);
  if (open || !hours || opensAt === null) return null;
  return `Our team is away right now: a person will answer from ${describeOpening(hours, opensAt)}. Your conversation waits for them.`;
}
