import Type from 'typebox';
import { listMessages } from '../../domain/chat/conversations.ts';
import { toPublicMessage } from '../../domain/chat/message-view.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../pagination.ts';
import { AUTHENTICATED_ERRORS, ConversationParamsSchema, ErrorSchema, MessageSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** GET /agents/{agentId}/conversations/{conversationRef}/messages: newest first. */
export function registerListMessages(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/agents/:agentId/conversations/:conversationRef/messages',
    {
      schema: {
        tags: ['Conversations'],
        operationId: 'listMessages',
        summary: 'List the messages of a conversation',
        description:
          'Newest first. `conversationId` is always present; `userId` when the reference was an end user id.',
        security: SECURITY,
        params: ConversationParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            messages: Type.Array(MessageSchema),
            pagination: Type.Object({ ...PaginationSchema.properties, totalMessages: Type.Integer() }),
            userId: Type.Optional(Type.String()),
            conversationId: Type.Optional(Type.String()),
          }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listMessages(
        deps.domain,
        requireContext(request),
        request.params.agentId,
        request.params.conversationRef,
        page,
      );
      return {
        success: true as const,
        messages: result.items.map(toPublicMessage),
        pagination: { ...toPagination(page, result.total), totalMessages: result.total },
        ...(result.byUser && result.conversation.userId !== null && { userId: result.conversation.userId }),
        conversationId: result.conversation.id,
      };
    },
  );
}
