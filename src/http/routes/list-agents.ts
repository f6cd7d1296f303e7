import Type from 'typebox';
import { listAgents } from '../../domain/agents/list-agents.ts';
import { toPublicAgentWithStorage } from '../../domain/agents/agent-view.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../pagination.ts';
import { AUTHENTICATED_ERRORS, AgentWithStorageSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** GET /agents: the account's agents, newest first; a restricted key sees only its agents. */
export function registerListAgents(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/agents',
    {
      schema: {
        tags: ['Agents'],
        operationId: 'listAgents',
        summary: 'List agents',
        description:
          "The account's agents, newest first, each with its knowledge storage. A key restricted to some agents sees only those.",
        security: SECURITY,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            agents: Type.Array(AgentWithStorageSchema),
            pagination: PaginationSchema,
          }),
          400: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const ctx = requireContext(request);
      const page = toPageRequest(request.query);
      const result = await listAgents(deps.domain, ctx, page);
      return {
        success: true as const,
        agents: result.items.map((agent) => toPublicAgentWithStorage(agent, deps.domain.catalog, ctx.plan)),
        pagination: toPagination(page, result.total),
      };
    },
  );
}
