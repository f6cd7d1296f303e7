import Type from 'typebox';
import { AUTHOR_NAME_MAX, PERSON_REPLY_MAX, replyAsPerson } from '../../domain/handoff/reply-as-person.ts';
import { toPublicMessage } from '../../domain/chat/message-view.ts';
import { AUTHENTICATED_ERRORS, ConversationParamsSchema, ErrorSchema, MessageSchema, SECURITY } from '../schemas.ts';
import { NOT_BLANK } from '../validation.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** POST /agents/{agentId}/conversations/{conversationRef}/messages: a person's reply. */
export function registerAddPersonReply(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/conversations/:conversationRef/messages',
    {
      config: { openapi: { errors: ['CONVERSATION_NOT_WITH_PEOPLE'] } },
      schema: {
        tags: ['Handoff'],
        operationId: 'addPersonReply',
        summary: 'Reply as a person',
        description:
          'A person\'s reply in a conversation with people: stored as an `assistant` message with `author: {type: "person", name}`, not charged, listed by GET …/messages and sent to the streams following the conversation. A conversation with the agent is refused with 409 `CONVERSATION_NOT_WITH_PEOPLE` (hand it off first).',
        security: SECURITY,
        params: ConversationParamsSchema,
        body: Type.Object(
          {
            content: Type.String({ minLength: 1, maxLength: PERSON_REPLY_MAX, pattern: NOT_BLANK }),
            authorName: Type.String({
              minLength: 1,
              maxLength: AUTHOR_NAME_MAX,
              pattern: NOT_BLANK,
              description: 'The name the visitor sees beside the reply.',
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ success: Type.Literal(true), message: MessageSchema, conversationId: Type.String() }),
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const { agentId, conversationRef } = request.params;
      const message = await replyAsPerson(deps.domain, requireContext(request), agentId, conversationRef, request.body);
      return { success: true as const, message: toPublicMessage(message), conversationId: message.conversationId };
    },
  );
}
