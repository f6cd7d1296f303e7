// The moderation port: every chat message is checked before anything reaches a model (SPEC §7).

/** SPEC §7's categories of harmful content. */
export const MODERATION_CATEGORIES = ['hate', 'harassment', 'sexual', 'self-harm', 'violence', 'crime'] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

export interface ModerationVerdict {
  flagged: boolean;
  /** The categories that made it flagged; empty when it was not. */
  categories: ModerationCategory[];
  /** Not flagged, but despair or someone asking how to help a person at risk: the reply carries the
   * agent's help message (resources such as a helpline). Absent when the moderator cannot tell. */
  care?: boolean;
}

/** What came before the message in its conversation, for a moderator that judges turns together. */
export interface ModerationConversation {
  /** Names the conversation (stable across requests), so a moderator may keep in view the messages
   * it refused there: they are never stored. Null for a conversation that does not exist yet. */
  thread: string | null;
  /** The user's last few stored messages, oldest first. */
  earlier: readonly string[];
}

export interface Moderator {
  /** Throws ModerationUnavailableError when the text could not be checked (fail closed). */
  check(text: string, signal?: AbortSignal, conversation?: ModerationConversation): Promise<ModerationVerdict>;
  /** Stops what the moderator started (the local one's embedding worker). */
  close?(): Promise<void>;
}

/** The moderator failed or timed out: 503 MODERATION_UNAVAILABLE, nothing charged, nothing sent. */
export class ModerationUnavailableError extends Error {
  override name = 'ModerationUnavailableError';
}
