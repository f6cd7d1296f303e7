import Type from 'typebox';
import { getAgent } from '../../../domain/agents/get-agent.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, ClientToolSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/agents/{agentId}/tools: the client tools the agent's model may call. */
export function registerGetAgentTools(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/tools',
    {
      schema: {
        tags: ['Agents'],
        operationId: 'getAgentTools',
        summary: "An agent's client tools",
        description: "The client tools the agent's model may ask the API client to run.",
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), tools: Type.Array(ClientToolSchema) }),
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const agent = await getAgent(deps.domain, accountContext(request), request.params.agentId);
      return { success: true as const, tools: agent.tools };
    },
  );
}
