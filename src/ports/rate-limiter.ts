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

/** Where a limiter that counts in a shared store says it lost that store and found it again (pino's
 * shape: details first, then the message), so operators learn when the limit holds per process. */
export interface RateLimiterLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}
