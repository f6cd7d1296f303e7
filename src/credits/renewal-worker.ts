// The allowance renewal worker: every interval, one round of renewDueAllowances. Any number of
// processes may run one on the same database (each renewal is claimed; see renew-allowances.ts).
// Errors are logged and the next round tries again; they never stop the process.
import type { CreditsConfig } from '../config.ts';
import type { DomainDeps } from '../domain/context.ts';
import { renewDueAllowances, type RenewalRound } from '../domain/credits/renew-allowances.ts';
import type { WorkerLogger } from '../webhooks/delivery-worker.ts';
import { createWakeablePause } from '../background/wakeable-pause.ts';

export type RenewalWorkerDeps = Pick<DomainDeps, 'store' | 'clock' | 'ids' | 'catalog'> & { logger?: WorkerLogger };

export interface RenewalWorker {
  start(): void;
  /** Stops after the round in progress, if any. */
  stop(): Promise<void>;
  /** One round now (the CLI's `credits renew-due`, and tests with an injected clock). */
  runOnce(): Promise<RenewalRound>;
}

export function createRenewalWorker(deps: RenewalWorkerDeps, options: Pick<CreditsConfig, 'renewalIntervalMs'>): RenewalWorker {
  let running = false;
  let loop: Promise<void> | null = null;
  const sleeper = createWakeablePause();

  async function runOnce(): Promise<RenewalRound> {
    const round = await renewDueAllowances(deps);
    for (const failure of round.failed) {
      deps.logger?.error({ err: failure.error, account: failure.accountId }, 'monthly allowance not renewed; the next round tries again');
    }
    return round;
  }

  async function run(): Promise<void> {
    while (running) {
      try {
        await runOnce();
      } catch (error) {
        deps.logger?.error({ err: error }, 'allowance renewal round failed; trying again');
      }
      if (running) await sleeper.pause(options.renewalIntervalMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      sleeper.wake();
      await loop;
    },
    runOnce,
  };
}
