import Type from 'typebox';
import { cancelToolCall } from '../../domain/chat/conversations.ts';
import { toPublicToolCall } from '../../domain/chat/message-view.ts';
import { AUTHENTICATED_ERRORS, ConversationParamsSchema, ErrorSchema, SECURITY, ToolCallSchema } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** POST /agents/{agentId}/conversations/{conversationRef}/tool/cancel/{toolCallId}. */
export function registerCancelToolCall(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/conversations/:conversationRef/tool/cancel/:toolCallId',
    {
      config: { openapi: { errors: ['TOOL_CALL_ALREADY_CANCELED', 'TOOL_CALL_NOT_PENDING'] } },
      schema: {
        tags: ['Conversations'],
        operationId: 'cancelToolCall',
        summary: 'Cancel a pending tool call',
        description:
          'pending → canceled. The model is told the call was canceled when the conversation continues. Once no call is pending, a new message may be sent.',
        security: SECURITY,
        params: Type.Object({
          ...ConversationParamsSchema.properties,
          toolCallId: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: {
          200: Type.Object({ success: Type.Literal(true), toolCall: ToolCallSchema }),
          404: ErrorSchema,
          409: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const { agentId, conversationRef, toolCallId } = request.params;
      const call = await cancelToolCall(deps.domain, requireContext(request), agentId, conversationRef, toolCallId);
      return { success: true as const, toolCall: toPublicToolCall(call) };
    },
  );
}
