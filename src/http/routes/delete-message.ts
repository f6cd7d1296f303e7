import Type from 'typebox';
import { deleteMessage } from '../../domain/chat/conversations.ts';
import { AUTHENTICATED_ERRORS, ErrorSchema, MessageParamsSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** DELETE /agents/{agentId}/conversations/{conversationRef}/messages/{messageId}. */
export function registerDeleteMessage(app: ApiApp, deps: HttpDeps): void {
  app.delete(
    '/agents/:agentId/conversations/:conversationRef/messages/:messageId',
    {
      schema: {
        tags: ['Conversations'],
        operationId: 'deleteMessage',
        summary: 'Delete a message',
        description:
          'Without `cascade`, only this message. With `cascade=true`, this message and every later message of the conversation (to rewind it). Tool calls go with their message.',
        security: SECURITY,
        params: MessageParamsSchema,
        querystring: Type.Object({
          cascade: Type.Boolean({ default: false, description: '`true`: also delete every later message.' }),
        }),
        response: {
          200: Type.Object({ success: Type.Literal(true), deletedMessages: Type.Object({ count: Type.Integer() }) }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const { agentId, conversationRef, messageId } = request.params;
      const count = await deleteMessage(
        deps.domain,
        requireContext(request),
        agentId,
        conversationRef,
        messageId,
        request.query.cascade,
      );
      return { success: true as const, deletedMessages: { count } };
    },
  );
}
