import Type from 'typebox';
import { listToolCalls } from '../../../domain/insights/list-tool-calls.ts';
import { ErrorSchema } from '../../schemas.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../admin-schemas.ts';
import { ConsoleToolCallSchema, ConversationParamsSchema } from '../insight-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/agents/{agentId}/conversations/{conversationId}/tool-calls. */
export function registerListToolCalls(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/conversations/:conversationId/tool-calls',
    {
      schema: {
        tags: ['Conversations'],
        operationId: 'listToolCalls',
        summary: 'A conversation’s tool calls with their outputs',
        description:
          'Every client tool call of the conversation, newest message first, with its status and the output the client sent (the public messages carry no outputs). The playground reads the pending ones after a reload.',
        security: ADMIN_SECURITY,
        params: ConversationParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            toolCalls: Type.Array(ConsoleToolCallSchema),
            pagination: PaginationSchema,
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listToolCalls(
        deps.domain,
        accountContext(request),
        request.params.agentId,
        request.params.conversationId,
        page,
      );
      return { success: true as const, toolCalls: result.items as never, pagination: toPagination(page, result.total) };
    },
  );
}
