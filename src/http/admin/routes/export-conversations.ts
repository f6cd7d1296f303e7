import { Readable } from 'node:stream';
import Type from 'typebox';
import { exportConversations, CSV_COLUMNS } from '../../../domain/insights/export-conversations.ts';
import { toPeriod } from '../../../domain/insights/period.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountAgentParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { PeriodQuerySchema } from '../insight-schemas.ts';
import { accountContext } from './account-context.ts';

const CONTENT_TYPES = { jsonl: 'application/x-ndjson; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;

const ANSWER = {
  200: {
    description: 'A download (Content-Disposition: attachment), streamed as it is read.',
    content: {
      'application/x-ndjson': {
        schema: {
          type: 'string',
          description:
            'JSONL: one conversation a line, `{id, userId, title, createdAt, updatedAt, messages: [{id, seq, role, content, toolCalls: [{id, name, arguments, status, output}], feedback, createdAt, author?}]}` (`author` only on a reply a person wrote: `{type: "person", name}`).',
        },
      },
      'text/csv': {
        schema: {
          type: 'string',
          description: `CSV (RFC 4180, CRLF): a header row \`${CSV_COLUMNS.join(',')}\`, then one row per message; \`author_type\` is \`person\` and \`author_name\` the name on a reply a person wrote (the JSONL's \`author\`), both empty otherwise.`,
        },
      },
    },
  },
};

/** GET /accounts/{accountId}/agents/{agentId}/insights/export: the period's conversations as a file. */
export function registerExportConversations(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/insights/export',
    {
      config: { openapi: { answers: ANSWER } },
      schema: {
        tags: ['Insights'],
        operationId: 'exportConversations',
        summary: 'Export conversations (JSONL or CSV)',
        description:
          'The conversations created in the period, oldest first, with all their messages, tool calls (with outputs) and feedback. Read and sent in batches, so an export of any size holds little memory; a failure after the first bytes cuts the download short (the file then ends early).',
        security: ADMIN_SECURITY,
        params: AccountAgentParamsSchema,
        querystring: Type.Object({
          ...PeriodQuerySchema.properties,
          format: Type.Union([Type.Literal('jsonl'), Type.Literal('csv')], { default: 'jsonl' }),
        }),
        response: { 400: ErrorSchema, ...SESSION_ERRORS },
      },
    },
    async (request, reply) => {
      const period = toPeriod(deps.domain.clock.now(), request.query);
      const { format } = request.query;
      const chunks = await exportConversations(
        deps.domain,
        accountContext(request),
        request.params.agentId,
        period,
        format,
      );
      const day = (at: number) => new Date(at).toISOString().slice(0, 10);
      return reply
        .type(CONTENT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="conversations-${day(period.from)}-${day(period.to)}.${format}"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks) as never);
    },
  );
}
