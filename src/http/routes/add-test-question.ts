import Type from 'typebox';
import { addTestQuestion } from '../../domain/evaluations/add-test-question.ts';
import { QUESTIONS_PER_AGENT } from '../../domain/evaluations/test-question-fields.ts';
import { toPublicTestQuestion } from '../../domain/evaluations/test-run-view.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { TestQuestionBodySchema, TestQuestionSchema } from './test-schemas.ts';

/** POST /agents/{agentId}/test-questions: a question the agent's search must answer (or not). */
export function registerAddTestQuestion(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/test-questions',
    {
      config: { openapi: { errors: ['PLAN_LIMIT_REACHED'] } },
      schema: {
        tags: ['Tests'],
        operationId: 'addTestQuestion',
        summary: 'Add a test question',
        description: `Send \`expectedSourceIds\` (sources of this agent) or \`expectNothing: true\`, not both: 400 \`INVALID_BODY\` names the field at fault, and an unknown source id. An agent holds at most ${QUESTIONS_PER_AGENT} questions (403 \`PLAN_LIMIT_REACHED\`). Free: test questions and runs cost no credits.`,
        security: SECURITY,
        params: AgentIdParamsSchema,
        body: TestQuestionBodySchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), testQuestion: TestQuestionSchema }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const question = await addTestQuestion(
        deps.domain,
        requireContext(request),
        request.params.agentId,
        request.body,
      );
      return { success: true as const, testQuestion: toPublicTestQuestion(question) };
    },
  );
}
