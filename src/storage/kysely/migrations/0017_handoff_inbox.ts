// The console member a conversation with people is assigned to, the sources an agent's answer was
// grounded on (shown beside it in the inbox's transcript), and the team's hours of an agent that
// hands over. The same on both engines. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const HANDOFF_INBOX: string[] = [
  // The member's email; cleared by each new handover.
  `ALTER TABLE conversations ADD COLUMN handoff_assignee TEXT`,
  // JSON: [{sourceId, type, title}] of the passages given to the model; null for other messages.
  `ALTER TABLE messages ADD COLUMN sources TEXT`,
  // JSON: {timeZone, weekly: [{days, from, to}]}; null when people answer at any time.
  `ALTER TABLE agents ADD COLUMN handoff_hours TEXT`,
];

export const m0017HandoffInbox: ShippedMigration = {
  sqlite: { name: '0017_handoff_inbox', statements: HANDOFF_INBOX },
  postgres: { name: '0017_handoff_inbox', statements: HANDOFF_INBOX },
};
