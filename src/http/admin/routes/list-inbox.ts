import Type from 'typebox';
import { listInbox } from '../../../domain/handoff/list-inbox.ts';
import { toPublicHandoffConversation } from '../../../domain/handoff/handoff-view.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import { HandoffConversationSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
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
          "The account's conversations handed to a person, most recently active first, with their agent. Reply with POST …/agents/{agentId}/conversations/{ref}/messages, give one back with …/handoff/resolve, follow one with …/stream.",
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            conversations: Type.Array(
              Type.Object({
                ...HandoffConversationSchema.properties,
                agent: Type.Object({ id: Type.String(), name: Type.String() }),
              }),
            ),
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
        conversations: inbox.items.map((entry) => ({
          ...toPublicHandoffConversation(entry.conversation),
          agent: entry.agent,
        })),
        pagination: { ...toPagination(page, inbox.total), totalConversations: inbox.total },
      };
    },
  );
}
