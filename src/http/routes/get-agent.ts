import Type from 'typebox';
import { getAgent } from '../../domain/agents/get-agent.ts';
import { toPublicAgentWithStorage } from '../../domain/agents/agent-view.ts';
import {
  AUTHENTICATED_ERRORS,
  AgentIdParamsSchema,
  AgentWithStorageSchema,
  ErrorSchema,
  SECURITY,
} from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** GET /agents/{agentId}: one agent with its storage. */
export function registerGetAgent(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/agents/:agentId',
    {
      schema: {
        tags: ['Agents'],
        operationId: 'getAgent',
        summary: 'Get an agent',
        description: "One agent with its knowledge storage against the plan's limit.",
        security: SECURITY,
        params: AgentIdParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), agent: AgentWithStorageSchema }),
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const ctx = requireContext(request);
      const agent = await getAgent(deps.domain, ctx, request.params.agentId);
      return { success: true as const, agent: toPublicAgentWithStorage(agent, deps.domain.catalog, ctx.plan) };
    },
  );
}
