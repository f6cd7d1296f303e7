// The search terms upgrade: after a release whose analyser gives passages other terms
// (ANALYZER_VERSION raised), the passages stored before are re-analysed from their text in the
// background, batch by batch, while the server serves. Any number of nodes may run it: a passage
// is written only while its terms are older. Rounds follow each other at once while there is work,
// then it looks again now and then, for passages a node of an older release still writes during a
// rolling upgrade. Logs counts only.
import type { DomainDeps } from '../domain/context.ts';
import { countOlderTerms, upgradeTermsBatch, type TermsUpgradeBatch } from '../domain/knowledge/upgrade-terms.ts';
import type { WorkerLogger } from './worker-logger.ts';
import { createRoundLoop, type RoundLoop } from './round-loop.ts';

/** How often a node looks for older terms once it has found none. */
export const TERMS_CHECK_EVERY_MS = 10 * 60_000;
/** How long after a failed batch (the database away) it tries again. */
export const TERMS_RETRY_MS = 30_000;
// Progress is logged once per this many passages upgraded.
const PROGRESS_EVERY = 10_000;

export type TermsUpgradeLogger = WorkerLogger & { info(details: object, message: string): void };

export interface TermsUpgradeWorker extends RoundLoop {
  /** One batch now (tests). */
  runOnce(): Promise<TermsUpgradeBatch>;
}

export function createTermsUpgradeWorker(
  deps: Pick<DomainDeps, 'store'> & { logger?: TermsUpgradeLogger },
  options = { checkEveryMs: TERMS_CHECK_EVERY_MS, retryMs: TERMS_RETRY_MS },
): TermsUpgradeWorker {
  // The run in progress: how many passages were waiting when it began, and how many are done.
  let run: { waiting: number; upgraded: number; logged: number } | null = null;

  async function runOnce(): Promise<TermsUpgradeBatch> {
    if (!run) {
      const waiting = await countOlderTerms(deps);
      if (waiting === 0) return { read: 0, upgraded: 0 };
      run = { waiting, upgraded: 0, logged: 0 };
      deps.logger?.info({ passages: waiting }, 'upgrading the search terms of passages indexed by an older release');
    }
    const batch = await upgradeTermsBatch(deps);
    run.upgraded += batch.upgraded;
    if (batch.read === 0) {
      deps.logger?.info({ passages: run.upgraded }, 'search terms upgraded');
      run = null;
    } else if (run.upgraded - run.logged >= PROGRESS_EVERY) {
      run.logged = run.upgraded;
      deps.logger?.info({ upgraded: run.upgraded, of: run.waiting }, 'upgrading search terms');
    }
    return batch;
  }

  const loop = createRoundLoop({
    round: runOnce,
    // A batch that found work goes on at once.
    pauseAfter: (batch) => (batch === undefined ? options.retryMs : batch.read > 0 ? 0 : options.checkEveryMs),
    onError: (error, failedRounds) =>
      deps.logger?.error({ err: error, failedRounds }, 'search terms upgrade failed; trying again'),
  });
  return { ...loop, runOnce };
}
