import Type from 'typebox';
import { getTestRun } from '../../domain/evaluations/get-test-run.ts';
import { toPublicTestRun } from '../../domain/evaluations/test-run-view.ts';
import { AUTHENTICATED_ERRORS, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { TestRunParamsSchema, TestRunSchema } from './test-schemas.ts';

/** GET /agents/{agentId}/test-runs/{runId}: one run, its state while it runs. */
export function registerGetTestRun(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/agents/:agentId/test-runs/:runId',
    {
      schema: {
        tags: ['Tests'],
        operationId: 'getTestRun',
        summary: 'Get a test run',
        description:
          'Its state, and its results once `completed`. 404 `TEST_RUN_NOT_FOUND` for a run of another agent.',
        security: SECURITY,
        params: TestRunParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), run: TestRunSchema }),
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const run = await getTestRun(deps.domain, requireContext(request), request.params.agentId, request.params.runId);
      return { success: true as const, run: toPublicTestRun(run) };
    },
  );
}
