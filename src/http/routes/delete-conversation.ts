import Type from 'typebox';
import { deleteConversation } from '../../domain/chat/conversations.ts';
import { AUTHENTICATED_ERRORS, ConversationParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** DELETE /agents/{agentId}/conversations/{conversationRef}: the conversation and all its messages. */
export function registerDeleteConversation(app: ApiApp, deps: HttpDeps): void {
  app.delete(
    '/agents/:agentId/conversations/:conversationRef',
    {
      schema: {
        tags: ['Conversations'],
        operationId: 'deleteConversation',
        summary: 'Delete a conversation',
        description:
          "Deletes every message of the conversation, and the conversation itself: an end user's next message starts a new one.",
        security: SECURITY,
        params: ConversationParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), deletedMessages: Type.Object({ count: Type.Integer() }) }),
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const count = await deleteConversation(
        deps.domain,
        requireContext(request),
        request.params.agentId,
        request.params.conversationRef,
      );
      return { success: true as const, deletedMessages: { count } };
    },
  );
}
