import Type from 'typebox';
import { listModels } from '../../domain/models/catalog.ts';
import { AUTHENTICATED_ERRORS, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** GET /models: the operator's catalog, each model marked with whether the caller can use it, and why not. */
export function registerListModels(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/models',
    {
      schema: {
        tags: ['Models and usage'],
        operationId: 'listModels',
        summary: 'List models',
        description:
          "Every model of the service, its price in credits per chat request, and whether the caller's plan may use it.",
        security: SECURITY,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            plan: Type.String({ description: "The caller's plan." }),
            models: Type.Array(
              Type.Object({
                id: Type.String(),
                name: Type.String(),
                provider: Type.String(),
                credits: Type.Number({ description: 'Credits charged per chat request.' }),
                available: Type.Boolean({
                  description:
                    "Whether the caller's agents can use this model: it is on the plan and configured on this server.",
                }),
                unavailableReason: Type.Optional(
                  Type.String({
                    description:
                      'Present when `available` is false: why, e.g. "not on the free plan", or "not configured on this server: …" (its provider key is not set).',
                  }),
                ),
              }),
            ),
          }),
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const ctx = requireContext(request);
      return {
        success: true as const,
        plan: ctx.plan,
        models: listModels(deps.domain.catalog, deps.domain.chatModels, ctx.plan),
      };
    },
  );
}
