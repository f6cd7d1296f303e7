import Type from 'typebox';
import { getSite } from '../../../../domain/sites/get-site.ts';
import { toSiteView } from '../../../../domain/sites/site-view.ts';
import type { ApiApp } from '../../../types.ts';
import type { AdminDeps } from '../../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../../admin-schemas.ts';
import { accountContext } from '../account-context.ts';
import { SiteParamsSchema, SiteSchema } from './site-schemas.ts';

/** GET /accounts/{accountId}/agents/{agentId}/sites/{siteId}: one crawled site. */
export function registerGetSite(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/sites/:siteId',
    {
      schema: {
        tags: ['Knowledge'],
        operationId: 'getSite',
        summary: 'A crawled site',
        description:
          'Its page count, schedule, last run (counts and error) and whether a re-sync is running. 404 `SITE_NOT_FOUND` for a site of another agent.',
        security: ADMIN_SECURITY,
        params: SiteParamsSchema,
        response: { 200: Type.Object({ success: Type.Literal(true), site: SiteSchema }), ...SESSION_ERRORS },
      },
    },
    async (request) => {
      const site = await getSite(deps.domain, accountContext(request), request.params.agentId, request.params.siteId);
      return { success: true as const, site: toSiteView(site, deps.domain.clock.now()) };
    },
  );
}
