import Type from 'typebox';
import { answerQuestions, WORDINGS_MAX } from '../../../domain/insights/answer-questions.ts';
import { GROUP_IDS_MAX } from '../../../domain/insights/question-groups.ts';
import { QA_ANSWER_MAX, QA_QUESTION_MAX } from '../../../domain/knowledge/add-qa-source.ts';
import { toPublicSource } from '../../../domain/knowledge/source-view.ts';
import { ErrorSchema, SourceSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

const BodySchema = Type.Object(
  {
    questionIds: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      minItems: 1,
      maxItems: GROUP_IDS_MAX,
      description: 'A group’s `questionIds` (from …/insights/unanswered or …/topics).',
    }),
    answer: Type.String({ minLength: 1, maxLength: QA_ANSWER_MAX }),
    question: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: QA_QUESTION_MAX,
        description: 'The Q&A’s question; default: the group’s most asked wording.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** POST /accounts/{accountId}/agents/{agentId}/insights/answers: answer a group with a Q&A. */
export function registerAnswerQuestions(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/agents/:agentId/insights/answers',
    {
      schema: {
        tags: ['Insights'],
        operationId: 'answerQuestions',
        summary: 'Answer a group of questions with a Q&A',
        description: `Adds one Q&A source (like POST …/sources/qa: storage counted, \`source.added\` recorded) whose passages are one per distinct wording of the group (at most ${WORDINGS_MAX}), each followed by the answer, so the next paraphrase of any of them finds it. The questions leave the unanswered list. A group is answered once: if any of its questions has an answer already (another request at the same moment, or a list read before it was answered), 400 \`INVALID_BODY\` names \`questionIds\` and nothing is added.`,
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        body: BodySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            source: SourceSchema,
            covered: Type.Integer({ description: 'Questions marked as answered.' }),
            wordings: Type.Array(Type.String(), { description: 'The wordings indexed, the Q&A’s question first.' }),
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const result = await answerQuestions(deps.domain, accountContext(request), request.params.agentId, request.body);
      return {
        success: true as const,
        source: toPublicSource(result.source),
        covered: result.covered,
        wordings: result.wordings,
      };
    },
  );
}
