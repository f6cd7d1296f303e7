import Type from 'typebox';
import { INLINE_QUESTIONS_MAX, startTestRun } from '../../domain/evaluations/start-test-run.ts';
import { toPublicTestRun } from '../../domain/evaluations/test-run-view.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { TestRunSchema } from './test-schemas.ts';

const RunAnswer = Type.Object({ success: Type.Literal(true), run: TestRunSchema });

/** POST /agents/{agentId}/test-runs: every test question through the agent's search. */
export function registerStartTestRun(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/test-runs',
    {
      schema: {
        tags: ['Tests'],
        operationId: 'startTestRun',
        summary: 'Run the test questions',
        description: `Ranks every question as \`POST /agents/{agentId}/search\` does (its 0.3 floor included). Up to ${INLINE_QUESTIONS_MAX} questions run inside the request (200, the finished run); more go on the job queue (202, \`state: queued\`): poll \`GET …/test-runs/{id}\`. Costs no credits. Emits \`evaluation.completed\`, and \`evaluation.regressed\` when fewer pass than in the run before.`,
        security: SECURITY,
        params: AgentIdParamsSchema,
        response: { 200: RunAnswer, 202: RunAnswer, 404: ErrorSchema, ...AUTHENTICATED_ERRORS },
      },
    },
    async (request, reply) => {
      const { run, queued } = await startTestRun(deps.domain, requireContext(request), request.params.agentId);
      if (queued) reply.code(202);
      return { success: true as const, run: toPublicTestRun(run) };
    },
  );
}
