import Type from 'typebox';
import { HANDOFF_REASON_MAX, requestHandoff } from '../../domain/handoff/request-handoff.ts';
import { toPublicHandoffConversation } from '../../domain/handoff/handoff-view.ts';
import {
  AUTHENTICATED_ERRORS,
  ConversationParamsSchema,
  ErrorSchema,
  HandoffConversationSchema,
  SECURITY,
} from '../schemas.ts';
import { OPTIONAL_BODY } from '../openapi/document-components.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** POST /agents/{agentId}/conversations/{conversationRef}/handoff: the conversation goes to people. */
export function registerRequestHandoff(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/conversations/:conversationRef/handoff',
    {
      // No body is the same as `{}` (the reason is optional); JSON null is a body, and not an object.
      preValidation: async (request) => {
        if (request.body === undefined) request.body = {};
      },
      schema: {
        tags: ['Handoff'],
        operationId: 'requestHandoff',
        summary: 'Hand a conversation to a person',
        description:
          'agent → people. From now on a chat message in this conversation is stored for a person and answered with a notice (`handoff: {"state":"people"}`), without calling the model or charging; a person replies with POST …/messages, and POST …/handoff/resolve gives it back to the agent. Asking again while it is with people changes nothing. Emits `handoff.requested` when the conversation moves.',
        security: SECURITY,
        params: ConversationParamsSchema,
        body: Type.Object(
          {
            reason: Type.Optional(
              Type.String({
                maxLength: HANDOFF_REASON_MAX,
                description: 'Why, for the person who takes it (in the console and `handoff.requested`).',
              }),
            ),
          },
          { additionalProperties: false, description: 'Optional: the request may have no body.' },
        ),
        [OPTIONAL_BODY]: true,
        response: {
          200: Type.Object({ success: Type.Literal(true), conversation: HandoffConversationSchema }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const { agentId, conversationRef } = request.params;
      const ctx = requireContext(request);
      // No key: a console member, through the admin API's mount of this route.
      const conversation = await requestHandoff(deps.domain, ctx, agentId, conversationRef, {
        reason: request.body.reason,
        requestedBy: ctx.key ? 'api' : 'console',
      });
      return { success: true as const, conversation: toPublicHandoffConversation(conversation) };
    },
  );
}
