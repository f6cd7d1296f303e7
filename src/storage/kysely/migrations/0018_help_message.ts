// The help message an agent's reply carries when the moderator answers a message with care
// (despair, or asking how to help someone at risk). Null is the default text, so existing agents
// get it without a backfill. The same on both engines. Frozen as shipped.
import type { ShippedMigration } from './migrate.ts';

const HELP_MESSAGE: string[] = [`ALTER TABLE agents ADD COLUMN help_message TEXT`];

export const m0018HelpMessage: ShippedMigration = {
  sqlite: { name: '0018_help_message', statements: HELP_MESSAGE },
  postgres: { name: '0018_help_message', statements: HELP_MESSAGE },
};
