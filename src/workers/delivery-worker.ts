// The delivery worker: fans recorded events out to endpoints, leases due attempts, sends them with
// bounded concurrency (and a per-endpoint share, so one slow receiver cannot take every slot),
// and records each outcome. Any number of processes may run one on the same database.
import { performance } from 'node:perf_hooks';
import type { WebhookConfig } from '../config.ts';
import type { Clock } from '../ports/clock.ts';
import type { Fetcher } from '../ports/fetcher.ts';
import type { Ids } from '../ports/ids.ts';
import type { Store } from '../ports/store.ts';
import type { ClaimedDelivery } from '../ports/webhook-store.ts';
import { dispatchEvents } from '../domain/webhooks/dispatch-events.ts';
import { decideOutcome } from '../domain/webhooks/attempt-outcome.ts';
import { sendAttempt } from './send-attempt.ts';
import { createRoundLoop } from './round-loop.ts';
import type { WorkerLogger } from './worker-logger.ts';

/** config.ts's `webhooks` section: time-out, lease, concurrency in all and per endpoint, poll
 * interval. The lease outlasts the time-out, so a live process always reports before it ends. */
export type DeliveryWorkerOptions = Omit<WebhookConfig, 'worker'>;

/** Events fanned out per round. */
const DISPATCH_BATCH = 200;
/** Only the status of an answer matters; its first bytes are kept for the log. */
const MAX_RESPONSE_BYTES = 1024;

export interface DeliveryWorkerDeps {
  store: Store;
  clock: Clock;
  ids: Ids;
  fetcher: Fetcher;
  /** Jitter source, [0, 1). */
  random?: () => number;
  logger?: WorkerLogger;
  /** Told each attempt's outcome once recorded (metrics): delivered, pending again, or failed for good. */
  onAttempt?: (outcome: 'succeeded' | 'pending' | 'failed') => void;
}

export interface DeliveryWorker {
  start(): void;
  /** Stops claiming and waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
  /** Works until nothing is due (tests, with an injected clock). */
  drain(): Promise<void>;
}

export function createDeliveryWorker(deps: DeliveryWorkerDeps, options: DeliveryWorkerOptions): DeliveryWorker {
  const random = deps.random ?? Math.random;
  const inFlight = new Map<string, number>();
  const tasks = new Set<Promise<void>>();

  async function deliver(claim: ClaimedDelivery, leaseToken: string): Promise<void> {
    const result = await sendAttempt(deps.fetcher, claim, deps.clock.now(), {
      timeoutMs: options.timeoutMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
    });
    const finishedAt = deps.clock.now();
    const decision = decideOutcome(
      result.statusCode,
      claim.delivery.attempts,
      claim.delivery.maxAttempts,
      finishedAt,
      random,
    );
    const recorded = await deps.store.transaction((tx) =>
      tx.webhooks.completeAttempt({
        deliveryId: claim.delivery.id,
        attemptId: claim.attempt.id,
        leaseToken,
        finishedAt,
        ...result,
        ...decision,
      }),
    );
    if (recorded)
      deps.onAttempt?.(
        decision.status === 'succeeded' ? 'succeeded' : decision.status === 'failed' ? 'failed' : 'pending',
      );
    if (!recorded)
      deps.logger?.warn(
        { delivery: claim.delivery.id },
        'webhook attempt outcome not recorded: its lease passed to another worker, or the endpoint was deleted',
      );
  }

  function launch(claim: ClaimedDelivery, leaseToken: string): void {
    const endpointId = claim.endpoint.id;
    inFlight.set(endpointId, (inFlight.get(endpointId) ?? 0) + 1);
    const task = deliver(claim, leaseToken)
      .catch((error: unknown) =>
        deps.logger?.error(
          { err: error, delivery: claim.delivery.id },
          'webhook attempt could not be recorded; it is retried when its lease ends',
        ),
      )
      .finally(() => {
        const left = (inFlight.get(endpointId) ?? 1) - 1;
        if (left > 0) inFlight.set(endpointId, left);
        else inFlight.delete(endpointId);
        tasks.delete(task);
        loop.wake();
      });
    tasks.add(task);
  }

  // Fan-out runs every poll interval, or at once while it keeps finding full batches; a round
  // woken by a finished attempt only claims (a transaction saved per delivery under load).
  let lastDispatch = -Infinity;
  let dispatchBacklog = true;

  /** One round: fan out when due, then claim what fits. Returns how much work it found. */
  async function tick(forceDispatch: boolean): Promise<number> {
    let found = 0;
    if (forceDispatch || dispatchBacklog || performance.now() - lastDispatch >= options.pollIntervalMs) {
      lastDispatch = performance.now();
      found = await dispatchEvents(deps, DISPATCH_BATCH);
      dispatchBacklog = found === DISPATCH_BATCH;
    }
    const free = options.concurrency - tasks.size;
    if (free > 0) {
      const now = deps.clock.now();
      const leaseToken = deps.ids.secret(12);
      const claims = await deps.store.transaction((tx) =>
        tx.webhooks.claimDue({
          now,
          leaseUntil: now + options.leaseMs,
          leaseToken,
          limit: free,
          perEndpoint: options.perEndpointConcurrency,
          inFlight,
          newAttemptId: () => deps.ids.next('wha'),
        }),
      );
      for (const claim of claims) launch(claim, leaseToken);
      found += claims.length;
    }
    return found;
  }

  const loop = createRoundLoop({
    round: () => tick(false),
    // Straight on while rounds find work and slots are free; else wait for the poll or a finished attempt.
    pauseAfter: (found) => (!found || tasks.size >= options.concurrency ? options.pollIntervalMs : 0),
    onError: (error, failedRounds) =>
      deps.logger?.error({ err: error, failedRounds }, 'webhook worker round failed; trying again'),
  });

  return {
    start: () => loop.start(),
    async stop() {
      await loop.stop();
      await Promise.allSettled([...tasks]);
    },
    async drain() {
      for (;;) {
        const found = await tick(true);
        if (tasks.size > 0) await Promise.allSettled([...tasks]);
        else if (found === 0) return;
      }
    },
  };
}
