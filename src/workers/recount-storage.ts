// Storage taken by work that never finished. An upload reserves its storage before extraction and
// gives it back if it fails; a process killed in between (kill -9, power loss), or a release lost
// because the database was away at that moment, leaves it counted.
// On SQLite every such piece of work runs inside the one serving process (or its cluster's
// workers), so when that process starts, nothing can hold a reservation yet: each agent's storage is
// set back to what its sources hold. On PostgreSQL other nodes may be mid-work at any moment: a node
// recounts at start and then every minute, only agents that reserved nothing for a while, counting
// what they hold plus their queued ingestion jobs (docs/operations.md).
import type { Config } from '../config.ts';
import type { Store } from '../ports/store.ts';
import { createRoundLoop, type RoundLoop } from './round-loop.ts';

/** Work that reserves outside the ingestion queue (a text or Q&A add, a page re-synced in place)
 * ends within a minute or two; an agent with no reservation for this long holds none in use. */
export const RECOUNT_QUIET_MS = 10 * 60_000;
/** How often a PostgreSQL node recounts: storage lost in an outage comes back within this and the quiet time. */
export const RECOUNT_EVERY_MS = 60_000;

type Log = { warn(details: object, message: string): void };

const GIVEN_BACK =
  'storage reserved by work that never finished (stopped, or its release lost in an outage) was given back';

export async function recountStorageAtStart(
  config: Config,
  store: Store,
  log: Log,
  quietMs = RECOUNT_QUIET_MS,
): Promise<void> {
  const agents = await store.agents.recountStorage(config.storage.kind === 'sqlite' ? 0 : quietMs);
  if (agents > 0) log.warn({ agents }, GIVEN_BACK);
}

/** PostgreSQL: the recount again and again while the node serves (after an outage, without
 * stopping the cluster). Null on SQLite, where the start's recount is enough. */
export function createStorageRecounter(
  config: Config,
  store: Store,
  log: Log & { error(details: object, message: string): void },
  timing = { quietMs: RECOUNT_QUIET_MS, everyMs: RECOUNT_EVERY_MS },
): RoundLoop | null {
  if (config.storage.kind !== 'postgres') return null;
  return createRoundLoop({
    round: async () => {
      const agents = await store.agents.recountStorage(timing.quietMs);
      if (agents > 0) log.warn({ agents }, GIVEN_BACK);
    },
    pauseAfter: () => timing.everyMs,
    // The database away: the next round tries again.
    onError: (error, failedRounds) => log.error({ err: error, failedRounds }, 'storage recount failed'),
  });
}
