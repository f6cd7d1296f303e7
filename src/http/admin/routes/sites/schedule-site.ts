import Type from 'typebox';
import { scheduleSite } from '../../../../domain/sites/schedule-site.ts';
import { toSiteView } from '../../../../domain/sites/site-view.ts';
import { ErrorSchema } from '../../../schemas.ts';
import type { ApiApp } from '../../../types.ts';
import type { AdminDeps } from '../../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../../admin-schemas.ts';
import { accountContext } from '../account-context.ts';
import { ScheduleSchema, SiteParamsSchema, SiteSchema } from './site-schemas.ts';

/** PATCH /accounts/{accountId}/agents/{agentId}/sites/{siteId}: sets the site's re-sync schedule. */
export function registerScheduleSite(app: ApiApp, deps: AdminDeps): void {
  app.patch(
    '/accounts/:accountId/agents/:agentId/sites/:siteId',
    {
      schema: {
        tags: ['Knowledge'],
        operationId: 'scheduleSite',
        summary: "Set a site's re-sync schedule",
        description:
          '`daily` or `weekly`: the next run is that long after the last one (or after now, never run); `off`: on demand only.',
        security: ADMIN_SECURITY,
        params: SiteParamsSchema,
        body: Type.Object({ schedule: ScheduleSchema }, { additionalProperties: false }),
        response: {
          200: Type.Object({ success: Type.Literal(true), site: SiteSchema }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const site = await scheduleSite(
        deps.domain,
        accountContext(request),
        request.params.agentId,
        request.params.siteId,
        request.body.schedule,
      );
      return { success: true as const, site: toSiteView(site, deps.domain.clock.now()) };
    },
  );
}
