import type { DeliveryStatus } from '../../ports/webhook-store.ts';
import { retryDelay } from './retry-schedule.ts';

export interface OutcomeDecision {
  status: DeliveryStatus;
  nextAttemptAt: number | null;
  disableEndpoint: boolean;
}

/**
 * Any 2xx is delivered; 410 Gone means the receiver wants no more (the endpoint is
 * disabled, this delivery ends); anything else, or no answer, is retried on the schedule until the
 * attempts run out. `statusCode` is null when no response came.
 */
export function decideOutcome(
  statusCode: number | null,
  attempt: number,
  maxAttempts: number,
  now: number,
  random: () => number,
): OutcomeDecision {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300)
    return { status: 'succeeded', nextAttemptAt: null, disableEndpoint: false };
  if (statusCode === 410) return { status: 'failed', nextAttemptAt: null, disableEndpoint: true };
  const delay = retryDelay(attempt, maxAttempts, random);
  return delay === null
    ? { status: 'failed', nextAttemptAt: null, disableEndpoint: false }
    : { status: 'pending', nextAttemptAt: now + delay, disableEndpoint: false };
}
