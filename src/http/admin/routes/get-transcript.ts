import Type from 'typebox';
import { readTranscript, TRANSCRIPT_MESSAGES } from '../../../domain/handoff/read-transcript.ts';
import { toInboxConversation } from '../../../domain/handoff/handoff-view.ts';
import { toPublicMessage } from '../../../domain/chat/message-view.ts';
import { ConversationParamsSchema, MessageSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, InboxConversationSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

const TranscriptMessageSchema = Type.Object({
  ...MessageSchema.properties,
  sources: Type.Optional(
    Type.Array(Type.Object({ sourceId: Type.String(), type: Type.String(), title: Type.String() }), {
      description: "An agent's answer: the sources of the passages it was given, best first.",
    }),
  ),
});

/** GET /accounts/{accountId}/agents/{agentId}/conversations/{ref}/transcript: the inbox's reading. */
export function registerGetTranscript(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/conversations/:conversationRef/transcript',
    {
      schema: {
        tags: ['Conversations'],
        operationId: 'getTranscript',
        summary: 'A conversation as the inbox reads it',
        description: `The conversation (with its agent, assignee and unread count) and its latest ${TRANSCRIPT_MESSAGES} messages, oldest first: the agent's answers with their sources, the people's replies with their authors.`,
        security: ADMIN_SECURITY,
        params: Type.Object({ ...AccountParamsSchema.properties, ...ConversationParamsSchema.properties }),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            conversation: InboxConversationSchema,
            messages: Type.Array(TranscriptMessageSchema),
          }),
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const { agentId, conversationRef } = request.params;
      const transcript = await readTranscript(deps.domain, accountContext(request), agentId, conversationRef);
      return {
        success: true as const,
        conversation: toInboxConversation(transcript.entry),
        messages: transcript.messages.map((message) => ({
          ...toPublicMessage(message),
          ...(message.sources && { sources: message.sources }),
        })),
      };
    },
  );
}
