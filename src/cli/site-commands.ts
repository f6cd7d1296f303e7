// `sites list --agent A` and `sites resync ID`: crawled sites and their re-sync (docs/knowledge-sync.md).
import { AppError } from '../domain/errors.ts';
import { listSites } from '../domain/sites/list-sites.ts';
import { toSiteView } from '../domain/sites/site-view.ts';
import { accountContext, required } from './operator.ts';
import type { Command } from './commands.ts';

async function owner(lookup: (id: string) => Promise<string | undefined>, id: string, what: string): Promise<string> {
  const accountId = await lookup(id);
  if (!accountId) throw new AppError('NOT_FOUND', `No ${what} ${id}.`);
  return accountId;
}

export const SITE_COMMANDS: Record<string, Command> = {
  'sites list': {
    options: ['agent'],
    required: ['agent'],
    run: async (deps, o) => {
      const agentId = required(o, 'agent');
      const ctx = await accountContext(deps, await owner(deps.store.agents.ownerOf, agentId, 'agent'));
      const now = deps.clock.now();
      return { sites: (await listSites(deps, ctx, agentId)).map((site) => toSiteView(site, now)) };
    },
  },
  'sites resync': {
    options: [],
    takesId: true,
    run: async (deps, _o, id) => {
      const ctx = await accountContext(deps, await owner(deps.store.sites.ownerOf, id as string, 'site'));
      const site = await deps.store.sites.get(ctx.accountId, id as string);
      if (!site) throw new AppError('NOT_FOUND', `No site ${id}.`);
      // The crawler loads for this command only: every other command starts without it.
      const { resyncSite } = await import('../domain/sites/resync-site.ts');
      const { site: after, report } = await resyncSite(deps, ctx, site.agentId, site.id);
      return { site: toSiteView(after, deps.clock.now()), result: report };
    },
  },
};
