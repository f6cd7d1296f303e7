/** Wakes those following a conversation when it may have changed (a message stored, its state
 * moved), on whichever node the change was made. A wake-up can be lost (a dropped connection), so a
 * follower also re-reads the store at least every `pollMs`: the feed for latency, the store for truth. */
export interface ConversationFeed {
  /** The longest a follower waits before reading the store again. */
  readonly pollMs: number;
  /** Resolves when `conversationId` may have changed or after `maxMs`; rejects when `signal` fires.
   * Arm before reading the store, so a change between the read and the wait is not missed. */
  arm(conversationId: string, maxMs: number, signal: AbortSignal): { wait: Promise<void>; disarm(): void };
  close(): Promise<void>;
}
