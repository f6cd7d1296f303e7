import Type from 'typebox';
import { updateAgent } from '../../domain/agents/update-agent.ts';
import { toPublicAgent } from '../../domain/agents/agent-view.ts';
import { AGENT_INSTRUCTIONS_MAX, AGENT_NAME_MAX } from '../../domain/agents/agent-fields.ts';
import {
  AUTHENTICATED_ERRORS,
  AgentIdParamsSchema,
  AgentSchema,
  ErrorSchema,
  HandoffSettingInputSchema,
  SECURITY,
} from '../schemas.ts';
import { NOT_BLANK } from '../validation.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

const UpdateAgentBodySchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: AGENT_NAME_MAX, pattern: NOT_BLANK })),
    instructions: Type.Optional(Type.String({ maxLength: AGENT_INSTRUCTIONS_MAX })),
    model: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        pattern: NOT_BLANK,
        description: 'A model id from GET /models that is available on the plan.',
      }),
    ),
    handoff: Type.Optional(HandoffSettingInputSchema),
  },
  { additionalProperties: false, minProperties: 1, description: 'Only the fields to change.' },
);

/** PATCH /agents/{agentId}: saves name, instructions, model and/or (Colloquy's) handoff setting;
 * records agent.updated. */
export function registerUpdateAgent(app: ApiApp, deps: HttpDeps): void {
  app.patch(
    '/agents/:agentId',
    {
      config: { openapi: { errors: ['MODEL_NOT_AVAILABLE'] } },
      schema: {
        tags: ['Agents'],
        operationId: 'updateAgent',
        summary: 'Update an agent',
        description:
          'An unknown model id is 400 INVALID_BODY; a known model that is not on the plan is 403 MODEL_NOT_AVAILABLE. `handoff` is a Colloquy extension (docs/handoff.md). Emits `agent.updated` when `name`, `model` or `instructions` is saved.',
        security: SECURITY,
        params: AgentIdParamsSchema,
        body: UpdateAgentBodySchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), agent: AgentSchema }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const { handoff, ...fields } = request.body;
      const agent = await updateAgent(deps.domain, requireContext(request), request.params.agentId, {
        ...fields,
        handoffEnabled: handoff?.enabled,
        handoffHours: handoff?.hours,
      });
      return { success: true as const, agent: toPublicAgent(agent) };
    },
  );
}
