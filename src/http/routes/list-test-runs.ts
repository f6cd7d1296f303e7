import Type from 'typebox';
import { listTestRuns } from '../../domain/evaluations/get-test-run.ts';
import { toPublicTestRun } from '../../domain/evaluations/test-run-view.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../pagination.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { TestRunSchema } from './test-schemas.ts';

/** GET /agents/{agentId}/test-runs: past runs, newest first. */
export function registerListTestRuns(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/agents/:agentId/test-runs',
    {
      schema: {
        tags: ['Tests'],
        operationId: 'listTestRuns',
        summary: 'List test runs',
        description: "The agent's runs, newest first, on demand and after knowledge changes (`trigger`).",
        security: SECURITY,
        params: AgentIdParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            runs: Type.Array(TestRunSchema),
            pagination: Type.Object({ ...PaginationSchema.properties, totalRuns: Type.Integer() }),
          }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listTestRuns(deps.domain, requireContext(request), request.params.agentId, page);
      return {
        success: true as const,
        runs: result.items.map(toPublicTestRun),
        pagination: { ...toPagination(page, result.total), totalRuns: result.total },
      };
    },
  );
}
