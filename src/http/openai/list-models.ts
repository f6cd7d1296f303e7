import Type from 'typebox';
import { listAgents } from '../../domain/agents/list-agents.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import { SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { OpenAiErrorSchema } from './openai-schemas.ts';

/** An OpenAI model list has no pages; an account's agents are few, and this bounds the answer. */
const MODELS_MAX = 1_000;

export const OpenAiModelSchema = Type.Object({
  id: Type.String({ description: 'The agent id: the `model` of a chat completion.' }),
  object: Type.Literal('model'),
  created: Type.Integer({ description: 'When the agent was created (Unix seconds).' }),
  owned_by: Type.String({ description: 'The account id.' }),
  name: Type.String({ description: "The agent's name." }),
});

/** An agent as an OpenAI model record. */
export function toOpenAiModel(agent: AgentRecord, accountId: string) {
  return {
    id: agent.id,
    object: 'model' as const,
    created: Math.floor(agent.createdAt / 1000),
    owned_by: accountId,
    name: agent.name,
  };
}

/** GET /openai/models: the agents the key may use, as OpenAI models, newest first. */
export function registerListOpenAiModels(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/models',
    {
      schema: {
        tags: ['OpenAI-compatible'],
        operationId: 'openaiListModels',
        summary: 'List agents as models (OpenAI format)',
        description:
          "The agents this key may chat with, in OpenAI's model list; a restricted key sees only its agents.",
        security: SECURITY,
        response: {
          200: Type.Object({ object: Type.Literal('list'), data: Type.Array(OpenAiModelSchema) }),
          '4xx': OpenAiErrorSchema,
          '5xx': OpenAiErrorSchema,
        },
      },
    },
    async (request) => {
      const ctx = requireContext(request);
      const { items } = await listAgents(deps.domain, ctx, { page: 1, size: MODELS_MAX });
      return { object: 'list' as const, data: items.map((agent) => toOpenAiModel(agent, ctx.accountId)) };
    },
  );
}
