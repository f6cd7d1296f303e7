// The evaluation worker: runs an agent's test questions again once its knowledge has changed and
// gone quiet, and takes queued runs (large sets). Any number of processes may run one: each agent
// and run is leased in the database. Errors are logged; the next round tries again.
import type { EvaluationsConfig } from '../config.ts';
import type { DomainDeps } from '../domain/context.ts';
import { runDueEvaluations, type EvaluationRound } from '../domain/evaluations/run-due-evaluations.ts';
import type { WorkerLogger } from './worker-logger.ts';
import { createRoundLoop } from './round-loop.ts';

export interface EvaluationWorker {
  start(): void;
  /** Stops after the round in progress, if any. */
  stop(): Promise<void>;
  /** One round now (tests with an injected clock). */
  runOnce(): Promise<EvaluationRound>;
}

export function createEvaluationWorker(
  deps: DomainDeps & { logger?: WorkerLogger },
  options: EvaluationsConfig,
): EvaluationWorker {
  const runOnce = () => runDueEvaluations(deps, options);
  const loop = createRoundLoop({
    round: runOnce,
    // A round that ran something looks again at once: more may be due.
    pauseAfter: (round) => (round && round.automatic + round.queued > 0 ? 0 : options.pollIntervalMs),
    onError: (error, failedRounds) =>
      deps.logger?.error({ err: error, failedRounds }, 'test-run round failed; trying again'),
  });
  return { start: () => loop.start(), stop: () => loop.stop(), runOnce };
}
