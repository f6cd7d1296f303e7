import Type from 'typebox';
import { searchKnowledge, SEARCH_CREDITS } from '../../../domain/search/search-knowledge.ts';
import { modelCalibration } from '../../../domain/search/rank-passages.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ErrorSchema } from '../../schemas.ts';
import { SearchBodySchema, SearchResultSchema } from '../../routes/search.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

const Part = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

const ExplainedResultSchema = Type.Object({
  ...SearchResultSchema.properties,
  explain: Type.Object({
    semantic: Part('What the meaning contributes: the embedding cosine read on the model’s calibrated scale.'),
    keyword: Part('What the shared words contribute: BM25 as a share of the query’s highest possible score.'),
    cosine: Type.Number({
      description: 'The cosine similarity of query and passage.',
    }),
    bm25: Type.Number({ description: 'BM25 as a fraction of the highest score the query’s terms could reach.' }),
  }),
});

const CalibrationSchema = Type.Object({
  model: Type.String(),
  unrelated: Type.Number({ description: 'Mean cosine this model gives unrelated text (probe pairs).' }),
  paraphrase: Type.Number({ description: 'Mean cosine this model gives a question and its answer in other words.' }),
  spread: Type.Number({ description: 'Standard deviation of the unrelated cosines.' }),
  separates: Type.Boolean({
    description: 'False when the model cannot tell a paraphrase from unrelated text: only keywords are scored.',
  }),
});

/** POST /accounts/{accountId}/agents/{agentId}/search/explain: the console's explain mode. The
 * same search, charged the same, with each result's score parts and the model's calibration. */
export function registerExplainSearch(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/agents/:agentId/search/explain',
    {
      schema: {
        operationId: 'explainSearch',
        tags: ['Search'],
        summary: 'Search an agent’s knowledge, explaining each score',
        description: `score = 1 − (1 − semantic) × (1 − keyword); results under 0.3 are not returned (see docs/search.md). Costs ${SEARCH_CREDITS} credits, like a search.`,
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        body: SearchBodySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            results: Type.Array(ExplainedResultSchema),
            calibration: CalibrationSchema,
          }),
          400: ErrorSchema,
          402: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const results = await searchKnowledge(deps.domain, accountContext(request), request.params.agentId, {
        ...request.body,
        explain: true,
      });
      const explained = results.flatMap((result) => (result.explain ? [{ ...result, explain: result.explain }] : []));
      return { success: true as const, results: explained, calibration: await modelCalibration(deps.domain) };
    },
  );
}
