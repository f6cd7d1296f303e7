import Type from 'typebox';
import { createAgent } from '../../../domain/agents/create-agent.ts';
import { toConsoleAgent } from '../../../domain/agents/agent-view.ts';
import { AGENT_INSTRUCTIONS_MAX, AGENT_NAME_MAX } from '../../../domain/agents/agent-fields.ts';
import { ErrorSchema, HandoffSettingInputSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import {
  ADMIN_SECURITY,
  AccountParamsSchema,
  ClientToolsSchema,
  ConsoleAgentSchema,
  SESSION_ERRORS,
} from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** POST /accounts/{accountId}/agents: a new agent (the public API has no such route). */
export function registerCreateAgent(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/agents',
    {
      schema: {
        tags: ['Agents'],
        operationId: 'createAgent',
        summary: 'Create an agent',
        description:
          "`model` defaults to the plan's default. An unknown model id is 400 INVALID_BODY; a known model that is not on the plan is 403 MODEL_NOT_AVAILABLE. Emits `agent.created`.",
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: AGENT_NAME_MAX }),
            model: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 100,
                description: 'A model id from GET /accounts/{accountId}/models that is available on the plan.',
              }),
            ),
            instructions: Type.Optional(Type.String({ maxLength: AGENT_INSTRUCTIONS_MAX })),
            tools: Type.Optional(ClientToolsSchema),
            handoff: Type.Optional(HandoffSettingInputSchema),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ success: Type.Literal(true), agent: ConsoleAgentSchema }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const ctx = accountContext(request);
      const { handoff, ...fields } = request.body;
      const agent = await createAgent(deps.domain, ctx, {
        ...fields,
        handoffEnabled: handoff?.enabled,
        handoffHours: handoff?.hours,
      });
      return { success: true as const, agent: toConsoleAgent(agent, deps.domain.catalog, ctx.plan) };
    },
  );
}
