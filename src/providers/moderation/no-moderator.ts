import type { Moderator } from '../../ports/moderator.ts';

/** `moderation.provider: none`: the operator turned moderation off, so nothing is ever flagged. */
export function createNoModerator(): Moderator {
  return { check: async () => ({ flagged: false, categories: [] }) };
}
