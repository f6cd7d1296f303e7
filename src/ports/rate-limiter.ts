/** Fixed one-minute windows per account (SPEC §8), shared by every process that uses the same store. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the current window resets. */
  resetSeconds: number;
}

export interface RateLimiter {
  consume(accountId: string, requestsPerMinute: number): Promise<RateLimitDecision>;
  /** Resolves when the shared store answers (/readyz); at once when the count is in memory or in the database. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
