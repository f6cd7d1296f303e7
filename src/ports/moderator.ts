// The moderation port: every chat message is checked before anything reaches a model (SPEC §7).

/** SPEC §7's categories of harmful content. */
export const MODERATION_CATEGORIES = ['hate', 'harassment', 'sexual', 'self-harm', 'violence', 'crime'] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

export interface ModerationVerdict {
  flagged: boolean;
  /** The categories that made it flagged; empty when it was not. */
  categories: ModerationCategory[];
}

export interface Moderator {
  /** Throws ModerationUnavailableError when the text could not be checked (fail closed). */
  check(text: string, signal?: AbortSignal): Promise<ModerationVerdict>;
}

/** The moderator failed or timed out: 503 MODERATION_UNAVAILABLE, nothing charged, nothing sent. */
export class ModerationUnavailableError extends Error {
  override name = 'ModerationUnavailableError';
}
