// The site re-sync scheduler: every interval, one round of syncDueSites. Any number of processes
// may run one on the same database: each site is leased with a conditional UPDATE, so one runs it.
// Errors are logged and the next round tries again; they never stop the process.
import type { SitesConfig } from '../config.ts';
import type { DomainDeps } from '../domain/context.ts';
import { syncDueSites, type SyncRound } from '../domain/sites/sync-due-sites.ts';
import type { WorkerLogger } from './worker-logger.ts';
import { createRoundLoop } from './round-loop.ts';

export interface SiteSyncWorker {
  start(): void;
  /** Stops after the round in progress, if any. */
  stop(): Promise<void>;
  /** One round now (tests with an injected clock). */
  runOnce(): Promise<SyncRound>;
}

export function createSiteSyncWorker(
  deps: DomainDeps & { logger?: WorkerLogger },
  options: Pick<SitesConfig, 'pollIntervalMs'>,
): SiteSyncWorker {
  async function runOnce(): Promise<SyncRound> {
    const round = await syncDueSites(deps);
    for (const failure of round.failed)
      deps.logger?.error(
        { err: failure.error, site: failure.siteId },
        'scheduled site re-sync failed; its pages are kept and the next run tries again',
      );
    return round;
  }
  const loop = createRoundLoop({
    round: runOnce,
    // A round that ran a site looks again at once: several may be due.
    pauseAfter: (round) => (round && round.synced + round.failed.length > 0 ? 0 : options.pollIntervalMs),
    onError: (error, failedRounds) =>
      deps.logger?.error({ err: error, failedRounds }, 'site re-sync round failed; trying again'),
  });
  return { start: () => loop.start(), stop: () => loop.stop(), runOnce };
}
