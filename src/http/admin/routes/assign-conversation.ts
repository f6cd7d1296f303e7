import Type from 'typebox';
import { assignHandoff } from '../../../domain/handoff/assign-handoff.ts';
import { toInboxConversation } from '../../../domain/handoff/handoff-view.ts';
import { ConversationParamsSchema, ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, InboxConversationSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountMembership } from './account-context.ts';

/** POST /accounts/{accountId}/agents/{agentId}/conversations/{ref}/assign: "Assign to me". */
export function registerAssignConversation(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/agents/:agentId/conversations/:conversationRef/assign',
    {
      schema: {
        tags: ['Conversations'],
        operationId: 'assignConversation',
        summary: 'Assign a conversation with people',
        description:
          '`{"assignee": "me"}` assigns it to the signed-in member, `{"assignee": null}` to no one. A conversation with the agent is 409 CONVERSATION_NOT_WITH_PEOPLE; a viewer\'s request is 403 READ_ONLY_MEMBER.',
        security: ADMIN_SECURITY,
        params: Type.Object({ ...AccountParamsSchema.properties, ...ConversationParamsSchema.properties }),
        body: Type.Object({ assignee: Type.Union([Type.Literal('me'), Type.Null()]) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ success: Type.Literal(true), conversation: InboxConversationSchema }),
          400: ErrorSchema,
          409: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const { ctx, member } = accountMembership(request);
      const { agentId, conversationRef } = request.params;
      const assignee = request.body.assignee === 'me' ? member.email : null;
      const entry = await assignHandoff(deps.domain, ctx, agentId, conversationRef, assignee);
      return { success: true as const, conversation: toInboxConversation(entry) };
    },
  );
}
