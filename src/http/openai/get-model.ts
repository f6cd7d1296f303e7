import Type from 'typebox';
import { getAgent } from '../../domain/agents/get-agent.ts';
import { SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { OpenAiModelSchema, toOpenAiModel } from './list-models.ts';
import { OpenAiErrorSchema } from './openai-schemas.ts';

/** GET /openai/models/{model}: one agent as an OpenAI model (the SDK's `models.retrieve`). */
export function registerGetOpenAiModel(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/models/:model',
    {
      schema: {
        tags: ['OpenAI-compatible'],
        operationId: 'openaiGetModel',
        summary: 'Get an agent as a model (OpenAI format)',
        description:
          "One agent this key may chat with, in OpenAI's model format; 404 `AGENT_NOT_FOUND` for an id the account does not have, 403 `AGENT_NOT_ALLOWED` for another agent of a restricted key.",
        security: SECURITY,
        params: Type.Object({
          model: Type.String({ minLength: 1, maxLength: 200, description: 'The agent id.' }),
        }),
        response: { 200: OpenAiModelSchema, '4xx': OpenAiErrorSchema, '5xx': OpenAiErrorSchema },
      },
    },
    async (request) => {
      const ctx = requireContext(request);
      return toOpenAiModel(await getAgent(deps.domain, ctx, request.params.model), ctx.accountId);
    },
  );
}
