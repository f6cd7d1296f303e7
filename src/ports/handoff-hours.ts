// The team's hours of an agent that hands conversations to people (docs/handoff.md).

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The team's weekly hours in a time zone: on each listed day, from `from` to `to` (HH:MM, local).
 * On an agent, null means people answer at any time. */
export interface HandoffHours {
  /** An IANA time zone, such as Europe/Berlin. */
  timeZone: string;
  weekly: Array<{ days: Weekday[]; from: string; to: string }>;
}

/** The agent's handoff fields, which a new agent may leave out (off, no hours). */
export type AgentHandoffKeys = 'handoffEnabled' | 'handoffHours';
