import Type from 'typebox';
import { importTestQuestions } from '../../../domain/evaluations/import-test-questions.ts';
import { QUESTIONS_PER_AGENT } from '../../../domain/evaluations/test-question-fields.ts';
import { toPublicTestQuestion } from '../../../domain/evaluations/test-run-view.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { TestQuestionSchema } from '../../routes/test-schemas.ts';
import { accountContext } from './account-context.ts';

/** The largest file the console sends: 500 questions of 2,000 characters, with room for the rest. */
const TEXT_MAX = 2_000_000;

/** POST /accounts/{accountId}/agents/{agentId}/test-questions/import: a JSONL or CSV file's questions. */
export function registerImportTestQuestions(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/agents/:agentId/test-questions/import',
    {
      bodyLimit: TEXT_MAX * 2,
      schema: {
        tags: ['Tests'],
        operationId: 'importTestQuestions',
        summary: 'Import test questions (JSONL or CSV)',
        description: `The file's text as the CLI's \`tests import\` reads it: JSONL, one question object a line, or CSV with the header \`question,expectedSourceIds,expectNothing,k\` (source ids space-separated). Every question is checked before any is added: 400 \`INVALID_BODY\` names the question and its field, and nothing is imported. At most ${QUESTIONS_PER_AGENT} questions per agent (403 \`PLAN_LIMIT_REACHED\`).`,
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        body: Type.Object(
          {
            format: Type.Union([Type.Literal('jsonl'), Type.Literal('csv')]),
            text: Type.String({ minLength: 1, maxLength: TEXT_MAX }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            imported: Type.Integer({ minimum: 0 }),
            testQuestions: Type.Array(TestQuestionSchema),
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const added = await importTestQuestions(
        deps.domain,
        accountContext(request),
        request.params.agentId,
        request.body.text,
        request.body.format,
      );
      return { success: true as const, imported: added.length, testQuestions: added.map(toPublicTestQuestion) };
    },
  );
}
