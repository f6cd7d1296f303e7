import Type from 'typebox';
import { getAgent } from '../../../domain/agents/get-agent.ts';
import { writeQuestionFile } from '../../../domain/evaluations/test-question-files.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

const CONTENT_TYPES = { jsonl: 'application/x-ndjson; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

const ANSWER = {
  200: {
    description: 'A download (Content-Disposition: attachment) that `…/test-questions/import` and the CLI read back.',
    content: {
      'application/x-ndjson': {
        schema: {
          type: 'string',
          description: 'JSONL: one `{question, expectedSourceIds, k}` or `{question, expectNothing: true, k}` a line.',
        },
      },
      'text/csv': {
        schema: {
          type: 'string',
          description:
            'CSV (RFC 4180, CRLF): the header `question,expectedSourceIds,expectNothing,k`, source ids space-separated.',
        },
      },
    },
  },
};

/** GET /accounts/{accountId}/agents/{agentId}/test-questions/export: the agent's questions as a file. */
export function registerExportTestQuestions(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/test-questions/export',
    {
      config: { openapi: { answers: ANSWER } },
      schema: {
        tags: ['Tests'],
        operationId: 'exportTestQuestions',
        summary: 'Export test questions (JSONL or CSV)',
        description: "The agent's test questions (at most 500), in the format the CLI's `tests export` writes.",
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        querystring: Type.Object({
          format: Type.Union([Type.Literal('jsonl'), Type.Literal('csv')], { default: 'jsonl' }),
        }),
        response: { 400: ErrorSchema, ...SESSION_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = accountContext(request);
      const agent = await getAgent(deps.domain, ctx, request.params.agentId);
      const questions = await deps.domain.store.testQuestions.all(ctx.accountId, agent.id);
      const { format } = request.query;
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="test-questions-${agent.id}.${format}"`)
        .header('cache-control', 'no-store')
        .send(writeQuestionFile(questions, format) as never);
    },
  );
}
