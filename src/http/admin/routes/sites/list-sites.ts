import Type from 'typebox';
import { listSites } from '../../../../domain/sites/list-sites.ts';
import { toSiteView } from '../../../../domain/sites/site-view.ts';
import type { ApiApp } from '../../../types.ts';
import type { AdminDeps } from '../../admin-types.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, SESSION_ERRORS } from '../../admin-schemas.ts';
import { accountContext } from '../account-context.ts';
import { SiteSchema } from './site-schemas.ts';

/** GET /accounts/{accountId}/agents/{agentId}/sites: the agent's crawled sites. */
export function registerListSites(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/sites',
    {
      schema: {
        tags: ['Knowledge'],
        operationId: 'listSites',
        summary: "An agent's crawled sites",
        description:
          'Every crawl is remembered as a site (its start URL), newest first, with its page count, schedule and last run.',
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), sites: Type.Array(SiteSchema) }),
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const sites = await listSites(deps.domain, accountContext(request), request.params.agentId);
      const now = deps.domain.clock.now();
      return { success: true as const, sites: sites.map((site) => toSiteView(site, now)) };
    },
  );
}
