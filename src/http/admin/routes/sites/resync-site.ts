import Type from 'typebox';
import { resyncSite } from '../../../../domain/sites/resync-site.ts';
import { toSiteView } from '../../../../domain/sites/site-view.ts';
import { ErrorSchema } from '../../../schemas.ts';
import { abortOnClientClose } from '../../../abort-on-close.ts';
import type { ApiApp } from '../../../types.ts';
import type { AdminDeps } from '../../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../../admin-schemas.ts';
import { accountContext } from '../account-context.ts';
import { SiteParamsSchema, SiteSchema, SyncReportSchema } from './site-schemas.ts';

/** POST /accounts/{accountId}/agents/{agentId}/sites/{siteId}/resync: re-syncs the site now. */
export function registerResyncSite(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/agents/:agentId/sites/:siteId/resync',
    {
      schema: {
        tags: ['Knowledge'],
        operationId: 'resyncSite',
        summary: 'Re-sync a crawled site now',
        description:
          'Asks the site again for each stored page with its validators (If-None-Match / If-Modified-Since): 304 or the same text → unchanged; changed text → re-indexed in place (same source id); 404/410, or a page that now says `noindex` (meta robots or `X-Robots-Tag`) → removed (`source.deleted` with the page URL); ' +
          '5xx, time-out or network failure → failed, and the page keeps its text. Then new pages are looked for as a crawl does (links, sitemap, within the plan’s crawled-page limit; one `source.added` with the site URL when any is added). ' +
          'An update emits no event. Storage moves by the exact difference. Answers when done; 409 `SITE_SYNC_RUNNING` while another run (a request or the scheduler) holds the site.',
        security: ADMIN_SECURITY,
        params: SiteParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), site: SiteSchema, result: SyncReportSchema }),
          409: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { site, report } = await resyncSite(
        deps.domain,
        accountContext(request),
        request.params.agentId,
        request.params.siteId,
        abortOnClientClose(reply),
      );
      return { success: true as const, site: toSiteView(site, deps.domain.clock.now()), result: report };
    },
  );
}
