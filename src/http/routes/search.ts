import Type from 'typebox';
import { searchKnowledge, SEARCH_CREDITS } from '../../domain/search/search-knowledge.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { NOT_BLANK } from '../validation.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { abortOnClientClose } from '../abort-on-close.ts';

export const SEARCH_QUERY_MAX = 2_000;

export const SearchBodySchema = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: SEARCH_QUERY_MAX,
      pattern: NOT_BLANK,
      description: `1 to ${SEARCH_QUERY_MAX} characters, not only spaces or invisible format characters (such as U+200B).`,
    }),
    limit: Type.Integer({ minimum: 1, maximum: 20, default: 5 }),
  },
  { additionalProperties: false },
);

export const SearchResultSchema = Type.Object({
  score: Type.Number({ minimum: 0, maximum: 1 }),
  content: Type.String(),
  source: Type.Object({ id: Type.String(), type: Type.String(), title: Type.String() }),
});

/** POST /agents/{agentId}/search: the passages closest to a query, without a model. */
export function registerSearch(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/search',
    {
      config: { openapi: { errors: ['INSUFFICIENT_CREDITS', 'QUOTA_EXCEEDED'] } },
      schema: {
        tags: ['Search'],
        operationId: 'search',
        summary: 'Search an agent’s knowledge',
        description: `Hybrid ranking: BM25 over the agent's own passages fused with the exact cosine similarity of their embeddings, into a score from 0 to 1 (see docs/search.md). Results under 0.3 are not returned. Costs ${SEARCH_CREDITS} credits, taken once the results are ready (402 and 429 come before any work); a search that fails, or is cut short by a crash, costs nothing; a 400 costs nothing.`,
        security: SECURITY,
        params: AgentIdParamsSchema,
        body: SearchBodySchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), results: Type.Array(SearchResultSchema) }),
          400: ErrorSchema,
          402: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const results = await searchKnowledge(
        deps.domain,
        requireContext(request),
        request.params.agentId,
        request.body,
        abortOnClientClose(reply),
      );
      return { success: true as const, results };
    },
  );
}
