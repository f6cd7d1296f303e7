import Type from 'typebox';
import { listConversations } from '../../domain/chat/conversations.ts';
import { toPublicConversation } from '../../domain/chat/message-view.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../pagination.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ConversationSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** GET /agents/{agentId}/conversations: most recently active first. */
export function registerListConversations(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/agents/:agentId/conversations',
    {
      schema: {
        tags: ['Conversations'],
        operationId: 'listConversations',
        summary: "List an agent's conversations",
        description:
          'Most recently active first; only conversations with at least one message (a conversation whose first reply failed holds none, though its id still works).',
        security: SECURITY,
        params: AgentIdParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            conversations: Type.Array(ConversationSchema),
            pagination: Type.Object({ ...PaginationSchema.properties, totalConversations: Type.Integer() }),
          }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listConversations(deps.domain, requireContext(request), request.params.agentId, page);
      return {
        success: true as const,
        conversations: result.items.map(toPublicConversation),
        pagination: { ...toPagination(page, result.total), totalConversations: result.total },
      };
    },
  );
}
