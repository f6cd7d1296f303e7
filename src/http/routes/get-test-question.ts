import Type from 'typebox';
import { getTestQuestion } from '../../domain/evaluations/get-test-question.ts';
import { toPublicTestQuestion } from '../../domain/evaluations/test-run-view.ts';
import { AUTHENTICATED_ERRORS, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { TestQuestionParamsSchema, TestQuestionSchema } from './test-schemas.ts';

/** GET /agents/{agentId}/test-questions/{questionId}: one question, as POST answered it. */
export function registerGetTestQuestion(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/agents/:agentId/test-questions/:questionId',
    {
      schema: {
        tags: ['Tests'],
        operationId: 'getTestQuestion',
        summary: 'Get a test question',
        description: '404 `TEST_QUESTION_NOT_FOUND` for a question of another agent.',
        security: SECURITY,
        params: TestQuestionParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), testQuestion: TestQuestionSchema }),
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const { agentId, questionId } = request.params;
      const question = await getTestQuestion(deps.domain, requireContext(request), agentId, questionId);
      return { success: true as const, testQuestion: toPublicTestQuestion(question) };
    },
  );
}
