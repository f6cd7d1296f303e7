import Type from 'typebox';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../admin-schemas.ts';

/** GET /comparison-models: the operator's other embedding models, for the console's "Compare with…". */
export function registerListComparisonModels(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/comparison-models',
    {
      schema: {
        tags: ['Tests'],
        operationId: 'listComparisonModels',
        summary: 'Comparison models',
        description:
          'The embedding model search runs with (`liveModel`) and the others a test run may be compared with (`compareModel`), as the operator configured them in `evaluations.compareEmbeddings`. The same for every account.',
        security: ADMIN_SECURITY,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            liveModel: Type.String(),
            models: Type.Array(Type.String(), { description: 'Empty when none is configured.' }),
          }),
          ...SESSION_ERRORS,
        },
      },
    },
    async () => {
      const liveModel = deps.domain.embedder.model;
      return {
        success: true as const,
        liveModel,
        models: [...deps.domain.comparison.embedders.keys()].filter((model) => model !== liveModel),
      };
    },
  );
}
