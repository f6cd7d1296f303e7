/**
 * Raised by an adapter when something the request needs is down or full for now (the database
 * restarting, the extraction queue at its limit). The HTTP layer answers 503 SERVICE_UNAVAILABLE
 * with `Retry-After`: the request was not at fault and may be sent again as it is.
 */
export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';
  /** Seconds after which a retry is likely to succeed. */
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, options?: { cause?: unknown }) {
    super(message, options);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isServiceUnavailable(error: unknown): error is ServiceUnavailableError {
  return error instanceof ServiceUnavailableError;
}
