import Type from 'typebox';
import { deleteAgent } from '../../../domain/agents/delete-agent.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** DELETE /accounts/{accountId}/agents/{agentId}: the agent with its knowledge and conversations. */
export function registerDeleteAgent(app: ApiApp, deps: AdminDeps): void {
  app.delete(
    '/accounts/:accountId/agents/:agentId',
    {
      schema: {
        tags: ['Agents'],
        operationId: 'deleteAgent',
        summary: 'Delete an agent',
        description:
          'Removes the agent with all its sources, passages, conversations and messages, then emits `agent.deleted`. Keys restricted to it keep their other agents. 404 AGENT_NOT_FOUND for an agent that is not in the account.',
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), agent: Type.Object({ id: Type.String() }) }),
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const agent = await deleteAgent(deps.domain, accountContext(request), request.params.agentId);
      return { success: true as const, agent: { id: agent.id } };
    },
  );
}
