// Migration 0017_help_message, the same on both engines: the help message an agent's reply carries
// when the moderator answers a message with care (despair, or asking how to help someone at risk).
// Null is the default text, so existing agents get it without a backfill.
export const HELP_MESSAGE_SCHEMA: string[] = [`ALTER TABLE agents ADD COLUMN help_message TEXT`];
