import type { ApiApp } from '../../../types.ts';
import type { AdminDeps } from '../../admin-types.ts';
import { registerListSites } from './list-sites.ts';
import { registerGetSite } from './get-site.ts';
import { registerResyncSite } from './resync-site.ts';
import { registerScheduleSite } from './schedule-site.ts';

/** The crawled-site routes (docs/knowledge-sync.md). */
export function registerSiteRoutes(app: ApiApp, deps: AdminDeps): void {
  for (const register of [registerListSites, registerGetSite, registerResyncSite, registerScheduleSite])
    register(app, deps);
}
