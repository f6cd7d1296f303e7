import type { DomainDeps } from '../context.ts';
import { operatorContext } from '../context.ts';
import { newLease, runLeasedSync } from './resync-site.ts';
import type { Store } from '../../ports/store.ts';

export interface SyncRound {
  synced: number;
  failed: Array<{ siteId: string; error: unknown }>;
}

/**
 * One scheduler round: claims up to `limit` sites whose scheduled run is due (each with one
 * conditional UPDATE, so of several processes on one database exactly one runs a site) and
 * re-syncs them one after another under the account's plan.
 */
export async function syncDueSites(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'embedder' | 'ingestion' | 'crawler' | 'targetCheck'> & {
    store: Pick<Store, 'accounts' | 'agents' | 'sites' | 'sources' | 'transaction'>;
  },
  limit = 1,
): Promise<SyncRound> {
  const round: SyncRound = { synced: 0, failed: [] };
  const claimed = await deps.store.sites.claimDue(deps.clock.now(), limit, () => newLease(deps));
  for (const { site, lease } of claimed) {
    try {
      const account = await deps.store.accounts.get(site.accountId);
      if (!account) throw new Error(`account ${site.accountId} is gone`);
      await runLeasedSync(deps, operatorContext(account.id, account.plan), site, lease);
      round.synced += 1;
    } catch (error) {
      round.failed.push({ siteId: site.id, error });
    }
  }
  return round;
}
