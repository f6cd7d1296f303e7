import Type from 'typebox';
import { QA_ANSWER_MAX, QA_QUESTION_MAX, addQaSource } from '../../domain/knowledge/add-qa-source.ts';
import { toPublicSource } from '../../domain/knowledge/source-view.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY, SourceSchema } from '../schemas.ts';
import { NOT_BLANK } from '../validation.ts';
import { trimBodyFields } from '../trim-fields.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

const AddQaBodySchema = Type.Object(
  {
    question: Type.String({
      minLength: 1,
      maxLength: QA_QUESTION_MAX,
      pattern: NOT_BLANK,
      description: `1 to ${QA_QUESTION_MAX} characters once trimmed; stored trimmed.`,
    }),
    answer: Type.String({ minLength: 1, maxLength: QA_ANSWER_MAX, pattern: NOT_BLANK }),
  },
  { additionalProperties: false },
);

/** POST /agents/{agentId}/sources/qa: adds a question/answer pair, indexed as one passage. */
export function registerAddQaSource(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/sources/qa',
    {
      config: { openapi: { errors: ['PLAN_LIMIT_REACHED'] } },
      // The question (the source's title) is trimmed before its bounds are checked, and stored trimmed.
      preValidation: trimBodyFields('question'),
      schema: {
        tags: ['Knowledge'],
        operationId: 'addQaSource',
        summary: 'Add a question/answer pair',
        description:
          'The source title is the question. Question and answer characters count against storage. Emits `source.added`.',
        security: SECURITY,
        params: AgentIdParamsSchema,
        body: AddQaBodySchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), source: SourceSchema }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const source = await addQaSource(deps.domain, requireContext(request), request.params.agentId, request.body);
      return { success: true as const, source: toPublicSource(source) };
    },
  );
}
