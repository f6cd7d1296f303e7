import Type from 'typebox';
import { deleteTestQuestion } from '../../domain/evaluations/delete-test-question.ts';
import { AUTHENTICATED_ERRORS, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { TestQuestionParamsSchema } from './test-schemas.ts';

/** DELETE /agents/{agentId}/test-questions/{questionId}. */
export function registerDeleteTestQuestion(app: ApiApp, deps: HttpDeps): void {
  app.delete(
    '/agents/:agentId/test-questions/:questionId',
    {
      schema: {
        tags: ['Tests'],
        operationId: 'deleteTestQuestion',
        summary: 'Delete a test question',
        description: 'Past runs keep its result. 404 `TEST_QUESTION_NOT_FOUND` for a question of another agent.',
        security: SECURITY,
        params: TestQuestionParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), deleted: Type.Boolean() }),
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      await deleteTestQuestion(deps.domain, requireContext(request), request.params.agentId, request.params.questionId);
      return { success: true as const, deleted: true };
    },
  );
}
