import Type from 'typebox';
import { listInbox } from '../../../domain/handoff/list-inbox.ts';
import { toInboxConversation } from '../../../domain/handoff/handoff-view.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, InboxConversationSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/inbox: the conversations waiting for a person. */
export function registerListInbox(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/inbox',
    {
      schema: {
        tags: ['Conversations'],
        operationId: 'listInbox',
        summary: 'Conversations with people',
        description:
          "The account's conversations handed to a person, most recently active first, with their agent, assignee and unread count. Read one with GET …/agents/{agentId}/conversations/{ref}/transcript, take it with …/assign, reply with POST …/messages, give it back with …/handoff/resolve, follow it with …/stream.",
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            conversations: Type.Array(InboxConversationSchema),
            pagination: Type.Object({ ...PaginationSchema.properties, totalConversations: Type.Integer() }),
          }),
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const inbox = await listInbox(deps.domain, accountContext(request), page);
      return {
        success: true as const,
        conversations: inbox.items.map(toInboxConversation),
        pagination: { ...toPagination(page, inbox.total), totalConversations: inbox.total },
      };
    },
  );
}
