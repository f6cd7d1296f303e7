import Type from 'typebox';
import { listDownvoted } from '../../../domain/insights/list-downvoted.ts';
import { toPeriod } from '../../../domain/insights/period.ts';
import { ErrorSchema } from '../../schemas.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { DownvotedReplySchema, PeriodQuerySchema } from '../insight-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/agents/{agentId}/insights/downvoted: replies rated down. */
export function registerListDownvoted(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/insights/downvoted',
    {
      schema: {
        tags: ['Insights'],
        operationId: 'listDownvotedReplies',
        summary: 'Replies rated down',
        description:
          'Replies rated down in the period (by when they were rated), newest first, with the question each answered and the comment left with the rating.',
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        querystring: Type.Object({ ...PageQuerySchema.properties, ...PeriodQuerySchema.properties }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            replies: Type.Array(DownvotedReplySchema),
            pagination: Type.Object({ ...PaginationSchema.properties, totalReplies: Type.Integer() }),
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const period = toPeriod(deps.domain.clock.now(), request.query);
      const result = await listDownvoted(deps.domain, accountContext(request), request.params.agentId, period, page);
      return {
        success: true as const,
        replies: result.items,
        pagination: { ...toPagination(page, result.total), totalReplies: result.total },
      };
    },
  );
}
