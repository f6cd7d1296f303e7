import Type from 'typebox';
import { INLINE_QUESTIONS_MAX, startTestRun } from '../../domain/evaluations/start-test-run.ts';
import { toPublicTestRun } from '../../domain/evaluations/test-run-view.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { OPTIONAL_BODY } from '../openapi/document-components.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { TestRunSchema } from './test-schemas.ts';

const RunAnswer = Type.Object({ success: Type.Literal(true), run: TestRunSchema });
/** The 202 of a queued run: the same body, and where to poll it. */
const QueuedRunAnswer = Type.Object(RunAnswer.properties, {
  description: "Queued (`state: queued`): poll the run's URL, given in `Location`, until it is `completed`.",
  headers: { Location: { type: 'string', description: "The run's URL: `GET …/test-runs/{runId}`." } },
});

const StartTestRunBody = Type.Object(
  {
    compareModel: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          "Also rank with this embedding model, one the operator configured in `evaluations.compareEmbeddings`: the agent's passages are embedded with it into a scratch index for this run, and `comparison` reports its pass rate beside the live model's. The live index is not touched.",
      }),
    ),
  },
  { additionalProperties: false, description: 'Optional: a run without a body ranks with the live model only.' },
);

/** POST /agents/{agentId}/test-runs: every test question through the agent's search. */
export function registerStartTestRun(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/test-runs',
    {
      schema: {
        tags: ['Tests'],
        operationId: 'startTestRun',
        summary: 'Run the test questions',
        description: `Ranks every question as \`POST /agents/{agentId}/search\` does (its 0.3 floor included). Up to ${INLINE_QUESTIONS_MAX} questions run inside the request (200, the finished run); more go on the job queue (202, \`state: queued\`, \`Location\` the run's URL): poll \`GET …/test-runs/{id}\`. With \`compareModel\`, the same questions are also ranked with another embedding model the operator configured, reported in \`comparison\`. Costs no credits. Emits \`evaluation.completed\`, and \`evaluation.regressed\` when fewer pass than in the run before.`,
        security: SECURITY,
        params: AgentIdParamsSchema,
        body: StartTestRunBody,
        [OPTIONAL_BODY]: true,
        response: { 200: RunAnswer, 202: QueuedRunAnswer, 400: ErrorSchema, 404: ErrorSchema, ...AUTHENTICATED_ERRORS },
      },
      // No body is a run of the live model alone; JSON null is a body, and not an object.
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
    },
    async (request, reply) => {
      const { run, queued } = await startTestRun(
        deps.domain,
        requireContext(request),
        request.params.agentId,
        request.body,
      );
      // Queued: where to poll it (this collection's URL and the run's id, wherever the route is mounted).
      if (queued)
        reply
          .code(202)
          .header('location', `${request.url.split('?')[0]?.replace(/\/+$/, '')}/${encodeURIComponent(run.id)}`);
      return { success: true as const, run: toPublicTestRun(run) };
    },
  );
}
