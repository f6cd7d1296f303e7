import Type from 'typebox';
import { listTestQuestions } from '../../domain/evaluations/list-test-questions.ts';
import { toPublicTestQuestion } from '../../domain/evaluations/test-run-view.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../pagination.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { TestQuestionSchema } from './test-schemas.ts';

/** GET /agents/{agentId}/test-questions: the agent's test questions, newest first. */
export function registerListTestQuestions(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/agents/:agentId/test-questions',
    {
      schema: {
        tags: ['Tests'],
        operationId: 'listTestQuestions',
        summary: 'List test questions',
        description: "The agent's test questions, newest first.",
        security: SECURITY,
        params: AgentIdParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            testQuestions: Type.Array(TestQuestionSchema),
            pagination: Type.Object({ ...PaginationSchema.properties, totalTestQuestions: Type.Integer() }),
          }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listTestQuestions(deps.domain, requireContext(request), request.params.agentId, page);
      return {
        success: true as const,
        testQuestions: result.items.map(toPublicTestQuestion),
        pagination: { ...toPagination(page, result.total), totalTestQuestions: result.total },
      };
    },
  );
}
