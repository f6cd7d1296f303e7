// Storage taken by work that never finished. An upload reserves its storage before extraction and
// gives it back if it fails; a process killed in between (kill -9, power loss) leaves it counted.
// On SQLite every such piece of work runs inside the one serving process (or its cluster's
// workers), so when that process starts, nothing can hold a reservation yet: each agent's storage is
// set back to what its sources hold. On PostgreSQL other nodes may be mid-upload, so nothing is done
// there (docs/operations.md).
import type { Config } from '../config.ts';
import type { Store } from '../ports/store.ts';

export async function recountStorageAtStart(config: Config, store: Store, log: { warn(details: object, message: string): void }): Promise<void> {
  if (config.storage.kind !== 'sqlite') return;
  const agents = await store.agents.recountStorage();
  if (agents > 0) log.warn({ agents }, 'storage reserved by work that never finished (the process was stopped during it) was given back');
}
