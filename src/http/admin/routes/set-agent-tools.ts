import Type from 'typebox';
import { updateAgent } from '../../../domain/agents/update-agent.ts';
import { toConsoleAgent } from '../../../domain/agents/agent-view.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import {
  ADMIN_SECURITY,
  AccountAgentParamsSchema,
  ClientToolsSchema,
  ConsoleAgentSchema,
  SESSION_ERRORS,
} from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** PUT /accounts/{accountId}/agents/{agentId}/tools: replaces the whole list (PATCH /agents/{id} does not take tools). */
export function registerSetAgentTools(app: ApiApp, deps: AdminDeps): void {
  app.put(
    '/accounts/:accountId/agents/:agentId/tools',
    {
      schema: {
        tags: ['Agents'],
        operationId: 'setAgentTools',
        summary: "Replace an agent's client tools",
        description:
          'The list replaces the previous one; `[]` removes every tool. No `agent.updated` event: the interface sends it for a name, model or instructions change only.',
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        body: Type.Object({ tools: ClientToolsSchema }, { additionalProperties: false }),
        response: {
          200: Type.Object({ success: Type.Literal(true), agent: ConsoleAgentSchema }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const ctx = accountContext(request);
      const agent = await updateAgent(deps.domain, ctx, request.params.agentId, { tools: request.body.tools });
      return { success: true as const, agent: toConsoleAgent(agent, deps.domain.catalog, ctx.plan) };
    },
  );
}
