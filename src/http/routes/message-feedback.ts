import Type from 'typebox';
import { FEEDBACK_COMMENT_MAX, giveFeedback } from '../../domain/chat/conversations.ts';
import { toPublicFeedback } from '../../domain/chat/message-view.ts';
import { AUTHENTICATED_ERRORS, ErrorSchema, FeedbackSchema, MessageParamsSchema, SECURITY } from '../schemas.ts';
import { NOT_BLANK } from '../validation.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** A rating and an optional comment: the body of this route and of the widget's feedback. */
export const FeedbackBodySchema = Type.Object(
  {
    rating: Type.Union([Type.Literal('up'), Type.Literal('down')]),
    comment: Type.Optional(
      Type.String({
        maxLength: FEEDBACK_COMMENT_MAX,
        pattern: NOT_BLANK,
        description: `Optional, up to ${FEEDBACK_COMMENT_MAX} characters; omit it rather than send it blank.`,
      }),
    ),
  },
  { additionalProperties: false },
);

/** POST /agents/{agentId}/conversations/{conversationRef}/messages/{messageId}/feedback. */
export function registerMessageFeedback(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/conversations/:conversationRef/messages/:messageId/feedback',
    {
      schema: {
        tags: ['Conversations'],
        operationId: 'messageFeedback',
        summary: 'Rate a reply',
        description:
          'Assistant messages only. Sending feedback again replaces the earlier one; it appears in the `feedback` field of the message in message lists. 404 `MESSAGE_NOT_FOUND` when no assistant message of the conversation has this id; `CONVERSATION_NOT_FOUND` first when `conversationRef` names no conversation of the agent.',
        security: SECURITY,
        params: MessageParamsSchema,
        body: FeedbackBodySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            messageId: Type.String(),
            feedback: FeedbackSchema,
          }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const { agentId, conversationRef, messageId } = request.params;
      const feedback = await giveFeedback(
        deps.domain,
        requireContext(request),
        agentId,
        conversationRef,
        messageId,
        request.body,
      );
      return { success: true as const, messageId, feedback: toPublicFeedback(feedback) };
    },
  );
}
