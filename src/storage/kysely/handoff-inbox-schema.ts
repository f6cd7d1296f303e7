// Migration 0017_handoff_inbox, the same on both engines: the console member a conversation with
// people is assigned to, the sources an agent's answer was grounded on (shown beside it in the
// inbox's transcript), and the team's hours of an agent that hands over.
export const HANDOFF_INBOX_SCHEMA: string[] = [
  // The member's email; cleared by each new handover.
  `ALTER TABLE conversations ADD COLUMN handoff_assignee TEXT`,
  // JSON: [{sourceId, type, title}] of the passages given to the model; null for other messages.
  `ALTER TABLE messages ADD COLUMN sources TEXT`,
  // JSON: {timeZone, weekly: [{days, from, to}]}; null when people answer at any time.
  `ALTER TABLE agents ADD COLUMN handoff_hours TEXT`,
];
