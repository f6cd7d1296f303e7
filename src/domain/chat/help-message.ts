// The help message a reply carries when the moderator answered the message with care: first-person
// despair, or someone asking how to help a person at risk (docs/moderation.md, "Care"). The message
// is answered, not refused, and the reply points to people who can help. The operator sets the text
// per agent (a helpline of their country, their own service); without one, this default.
import type { AgentRecord } from '../../ports/agent-store.ts';

export const DEFAULT_HELP_MESSAGE =
  "If you are going through a hard time or thinking about harming yourself, you don't have to face it alone. " +
  'Please reach out to someone you trust, or to a crisis line: https://findahelpline.com lists one for your country. ' +
  'If you are in danger right now, call your local emergency number (112 in Europe, 911 in North America).';

/** What is added after the model's own words, as a paragraph of its own. */
export function helpParagraph(agent: AgentRecord, reply: string): string {
  return `${reply === '' ? '' : '\n\n'}${agent.helpMessage ?? DEFAULT_HELP_MESSAGE}`;
}
