// The allowance renewal worker: every interval, one round of renewDueAllowances. Any number of
// processes may run one on the same database (each renewal is claimed; see renew-allowances.ts).
// Errors are logged and the next round tries again; they never stop the process.
import type { CreditsConfig } from '../config.ts';
import type { DomainDeps } from '../domain/context.ts';
import { renewDueAllowances, type RenewalRound } from '../domain/credits/renew-allowances.ts';
import type { WorkerLogger } from './worker-logger.ts';
import { createRoundLoop } from './round-loop.ts';

export type RenewalWorkerDeps = Pick<DomainDeps, 'store' | 'clock' | 'ids' | 'catalog'> & { logger?: WorkerLogger };

export interface RenewalWorker {
  start(): void;
  /** Stops after the round in progress, if any. */
  stop(): Promise<void>;
  /** One round now (the CLI's `credits renew-due`, and tests with an injected clock). */
  runOnce(): Promise<RenewalRound>;
}

export function createRenewalWorker(
  deps: RenewalWorkerDeps,
  options: Pick<CreditsConfig, 'renewalIntervalMs'>,
): RenewalWorker {
  async function runOnce(): Promise<RenewalRound> {
    const round = await renewDueAllowances(deps);
    for (const failure of round.failed) {
      deps.logger?.error(
        { err: failure.error, account: failure.accountId },
        'monthly allowance not renewed; the next round tries again',
      );
    }
    return round;
  }

  const loop = createRoundLoop({
    round: runOnce,
    pauseAfter: () => options.renewalIntervalMs,
    onError: (error, failedRounds) =>
      deps.logger?.error({ err: error, failedRounds }, 'allowance renewal round failed; trying again'),
  });

  return {
    start: () => loop.start(),
    stop: () => loop.stop(),
    runOnce,
  };
}
