import type { SiteLease, SiteRecord, SiteStore } from '../../../ports/site-store.ts';
import type { Db } from '../kysely-store.ts';
import { toSite } from '../rows/site.ts';

export function createSiteRepository(db: Db): SiteStore {
  async function claim(siteId: string, lease: SiteLease, now: number): Promise<SiteRecord | undefined> {
    // One conditional UPDATE: of two processes claiming at once, exactly one gets a row back.
    const row = await db
      .updateTable('sites')
      .set({ lease_owner: lease.token, lease_until: lease.until })
      .where('id', '=', siteId)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    return row && toSite(row);
  }
  return {
    async remember(site) {
      await db
        .insertInto('sites')
        .values({
          id: site.id,
          account_id: site.accountId,
          agent_id: site.agentId,
          url: site.url,
          options: JSON.stringify(site.options),
          schedule: 'off',
          page_count: 0,
          created_at: site.createdAt,
        })
        .onConflict((conflict) => conflict.columns(['agent_id', 'url']).doNothing())
        .execute();
      const row = await db
        .selectFrom('sites')
        .selectAll()
        .where('agent_id', '=', site.agentId)
        .where('url', '=', site.url)
        .executeTakeFirstOrThrow();
      return toSite(row);
    },
    async get(accountId, siteId) {
      const row = await db
        .selectFrom('sites')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('id', '=', siteId)
        .executeTakeFirst();
      return row && toSite(row);
    },
    async list(accountId, agentId) {
      const rows = await db
        .selectFrom('sites')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('agent_id', '=', agentId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toSite);
    },
    async ownerOf(siteId) {
      return (await db.selectFrom('sites').select('account_id').where('id', '=', siteId).executeTakeFirst())
        ?.account_id;
    },
    async setSchedule(accountId, siteId, schedule, nextRunAt) {
      const row = await db
        .updateTable('sites')
        .set({ schedule, next_run_at: nextRunAt })
        .where('account_id', '=', accountId)
        .where('id', '=', siteId)
        .returningAll()
        .executeTakeFirst();
      return row && toSite(row);
    },
    claim: async (siteId, lease, now) => (await claim(siteId, lease, now)) !== undefined,
    async claimDue(now, limit, lease) {
      const due = await db
        .selectFrom('sites')
        .select('id')
        .where('schedule', '!=', 'off')
        .where('next_run_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .orderBy('next_run_at')
        .limit(limit)
        .execute();
      const claimed: Array<{ site: SiteRecord; lease: SiteLease }> = [];
      for (const { id } of due) {
        const held = lease();
        const site = await claim(id, held, now);
        if (site) claimed.push({ site, lease: held });
      }
      return claimed;
    },
    async finish(siteId, lease, run) {
      await db
        .updateTable('sites')
        .set({
          last_run_at: run.at,
          last_result: run.result && JSON.stringify(run.result),
          last_error: run.error,
          next_run_at: run.nextRunAt,
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', siteId)
        .where('lease_owner', '=', lease.token)
        .execute();
    },
    async recount(siteId) {
      const counted = await db
        .selectFrom('sources')
        .select((eb) => eb.fn.countAll<number>().as('pages'))
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
      const pages = Number(counted.pages);
      await db.updateTable('sites').set({ page_count: pages }).where('id', '=', siteId).execute();
      return pages;
    },
  };
}
