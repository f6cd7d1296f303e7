import Type from 'typebox';
import { resolveHandoff } from '../../domain/handoff/resolve-handoff.ts';
import { toPublicHandoffConversation } from '../../domain/handoff/handoff-view.ts';
import {
  AUTHENTICATED_ERRORS,
  ConversationParamsSchema,
  ErrorSchema,
  HandoffConversationSchema,
  SECURITY,
} from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** POST /agents/{agentId}/conversations/{conversationRef}/handoff/resolve: back to the agent. */
export function registerResolveHandoff(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/conversations/:conversationRef/handoff/resolve',
    {
      schema: {
        tags: ['Handoff'],
        operationId: 'resolveHandoff',
        summary: 'Give a conversation back to the agent',
        description:
          "people → agent. The next chat message is answered by the model, with the whole conversation (the people's replies included) as its history. Resolving a conversation that is with the agent changes nothing. Emits `handoff.resolved` when the conversation moves.",
        security: SECURITY,
        params: ConversationParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), conversation: HandoffConversationSchema }),
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const { agentId, conversationRef } = request.params;
      const conversation = await resolveHandoff(deps.domain, requireContext(request), agentId, conversationRef);
      return { success: true as const, conversation: toPublicHandoffConversation(conversation) };
    },
  );
}
