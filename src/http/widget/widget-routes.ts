import Type from 'typebox';
import { sendChat } from '../../domain/chat/send-chat.ts';
import { giveFeedback } from '../../domain/chat/conversations.ts';
import { toPublicFeedback, toPublicMessage } from '../../domain/chat/message-view.ts';
import { getAgent } from '../../domain/agents/get-agent.ts';
import { issueVisitorId, identitySecret } from '../../domain/widget/visitor-identity.ts';
import { abortOnClientClose } from '../abort-on-close.ts';
import { CHAT_ERRORS, CHAT_MESSAGE_MAX, streamChat, toJsonReply } from '../routes/chat.ts';
import type { ErrorCode } from '../../domain/errors.ts';
import { FeedbackBodySchema } from '../routes/message-feedback.ts';
import type { ApiApp, HttpDeps } from '../types.ts';
import { NOT_BLANK } from '../validation.ts';
import { ErrorSchema, WidgetUnauthorizedSchema } from '../schemas.ts';

const plainSchema = (schema: object): object => JSON.parse(JSON.stringify(schema)) as object;
import { resolveVisitor, widgetAgent } from './widget-visitor.ts';
import { requestVisitorHandoff } from '../../domain/handoff/request-handoff.ts';
import { followConversation } from '../../domain/handoff/follow-conversation.ts';
import { toPublicHandoffConversation } from '../../domain/handoff/handoff-view.ts';
import { FOLLOW_FRAMES, followStreams, streamFollow } from '../routes/follow-conversation.ts';

const WIDGET = { widget: true };
const TAGS = ['Widget'];
const SECURITY = [{ publishableKey: [] }];
const VISIBLE_MESSAGES = 50;

/** The OpenAPI answers of a widget route: its handler's JSON, described, not serialised by a schema,
 * and the errors of its own beside those every secured route gives. A route that only streams
 * (`json: false`) documents its 200 as the event stream alone. */
function widgetDoc(
  description: string,
  options: { eventStream?: string; json?: boolean; errors?: number[]; codes?: ErrorCode[] } = {},
) {
  const { eventStream, json = true, errors = [], codes = [] } = options;
  const content = {
    ...(json && { 'application/json': { schema: { type: 'object', additionalProperties: true } } }),
    ...(eventStream !== undefined && { 'text/event-stream': { schema: { type: 'string', description: eventStream } } }),
  };
  const error = { description: 'Error.', content: { 'application/json': { schema: plainSchema(ErrorSchema) } } };
  // A route that names a visitor may also answer 401 USER_HASH_INVALID: its own 401 shape says so.
  const unauthorized = codes.includes('USER_HASH_INVALID') && {
    401: { description: 'Error.', content: { 'application/json': { schema: plainSchema(WidgetUnauthorizedSchema) } } },
  };
  const answers = {
    200: { description, content },
    ...Object.fromEntries(errors.map((status) => [status, error])),
    ...unauthorized,
  };
  // Every widget route checks the page's origin; those that name a visitor, the user hash too.
  const own: ErrorCode[] = ['ORIGIN_NOT_ALLOWED', ...codes];
  return { ...WIDGET, openapi: { answers, errors: own } };
}
const VISITOR_CODES: ErrorCode[] = ['USER_HASH_INVALID'];
const IDENTITY =
  "The visitor: header `X-Colloquy-Visitor` (an id from POST /widget/visitors), or `X-Colloquy-User` with `X-Colloquy-User-Hash` (hex HMAC-SHA256 of the user id with the agent's identity secret).";

/** POST /widget/visitors: a new anonymous visitor id, and the agent the widget talks to. */
export function registerWidgetVisitors(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/visitors',
    {
      config: widgetDoc('`{success, visitorId, agent: {id, name}}`.', { errors: [404], codes: ['AGENT_NOT_FOUND'] }),
      schema: {
        operationId: 'widgetStartVisitor',
        tags: TAGS,
        summary: 'Start an anonymous visitor',
        description: 'A new visitor id, for the `X-Colloquy-Visitor` header of the other widget routes.',
        security: SECURITY,
      },
    },
    async (request) => {
      const { ctx, agentId } = widgetAgent(request);
      const agent = await getAgent(deps.domain, ctx, agentId);
      const visitorId = issueVisitorId(deps.domain, await identitySecret(deps.domain, ctx, agentId));
      return { success: true as const, visitorId, agent: { id: agent.id, name: agent.name } };
    },
  );
}

/** GET /widget/conversation: the visitor's own conversation, oldest first (the latest messages). */
export function registerWidgetConversation(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/conversation',
    {
      config: widgetDoc(
        '`{success, agent: {id, name}, messages: [Message], state}`, oldest first; `state` is `people` while a person answers (else `agent`).',
        { codes: VISITOR_CODES },
      ),
      schema: {
        operationId: 'widgetGetConversation',
        tags: TAGS,
        summary: 'The visitor’s conversation',
        description: IDENTITY,
        security: SECURITY,
      },
    },
    async (request, reply) => {
      const { ctx, agentId, conversationUser } = await resolveVisitor(deps, request, reply);
      const agent = await getAgent(deps.domain, ctx, agentId);
      const conversation = await deps.domain.store.conversations.findByUser(ctx.accountId, agentId, conversationUser);
      const messages = conversation
        ? (
            await deps.domain.store.messages.list(ctx.accountId, conversation.id, { page: 1, size: VISIBLE_MESSAGES })
          ).items.reverse()
        : [];
      return {
        success: true as const,
        agent: { id: agent.id, name: agent.name },
        messages: messages.map(toPublicMessage),
        state: conversation?.state ?? 'agent',
      };
    },
  );
}

/** POST /widget/handoff: the visitor asks for a person (the dialog's menu). */
export function registerWidgetHandoff(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/handoff',
    {
      config: widgetDoc(
        "`{success, conversation, notice}`: the visitor's conversation, `state` `people`, and what to tell the visitor: a person will join soon, or (outside the agent's team hours) when a person will answer.",
        { codes: VISITOR_CODES },
      ),
      schema: {
        operationId: 'widgetRequestHandoff',
        tags: TAGS,
        summary: 'Ask for a person',
        description: `${IDENTITY} Hands the visitor's conversation (started now if they have not written yet) to the account's people; emits \`handoff.requested\` with \`requestedBy\` \`visitor\`.`,
        security: SECURITY,
      },
    },
    async (request, reply) => {
      const { ctx, agentId, conversationUser } = await resolveVisitor(deps, request, reply);
      const { conversation, notice } = await requestVisitorHandoff(deps.domain, ctx, agentId, conversationUser);
      return { success: true as const, conversation: toPublicHandoffConversation(conversation), notice };
    },
  );
}

/** GET /widget/conversation/stream: the visitor's conversation as it happens (a person's replies). */
export function registerWidgetFollow(app: ApiApp, deps: HttpDeps): void {
  const track = followStreams(app);
  const querystring = Type.Object({
    key: Type.Optional(Type.String()),
    after: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  });
  app.get(
    '/conversation/stream',
    {
      config: widgetDoc('The conversation as it happens (frames described).', {
        eventStream: FOLLOW_FRAMES,
        json: false,
        errors: [404],
        codes: [...VISITOR_CODES, 'CONVERSATION_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
      }),
      schema: {
        operationId: 'widgetFollowConversation',
        tags: TAGS,
        summary: 'Follow the visitor’s conversation',
        description: `${IDENTITY} The frames of GET /agents/{agentId}/conversations/{conversationRef}/stream, for the visitor's own conversation (404 before it has one).`,
        security: SECURITY,
        querystring,
      },
    },
    async (request, reply) => {
      const { ctx, agentId, conversationUser } = await resolveVisitor(deps, request, reply);
      const follow = track(request, reply);
      return streamFollow(
        reply,
        followConversation(deps.domain, ctx, agentId, conversationUser, {
          afterMessageId: request.query.after,
          signal: follow.signal,
        }),
        follow,
      );
    },
  );
}

/** POST /widget/chat: the visitor's message, answered with citations (JSON or the chat stream). */
export function registerWidgetChat(app: ApiApp, deps: HttpDeps): void {
  const body = Type.Object(
    {
      message: Type.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX, pattern: NOT_BLANK }),
      stream: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  );
  app.post(
    '/chat',
    {
      config: widgetDoc('The chat reply of POST /agents/{agentId}/chat, with `reply.citations`.', {
        eventStream:
          'With `stream: true`: the frames of POST /agents/{agentId}/chat, the final one carrying `citations`.',
        errors: [402],
        codes: [...VISITOR_CODES, ...CHAT_ERRORS],
      }),
      schema: {
        operationId: 'widgetChat',
        tags: TAGS,
        summary: 'Chat as the visitor',
        description: `${IDENTITY} Answers as POST /agents/{agentId}/chat with \`citations: true\` in the visitor's conversation; the agent's client tools are not offered.`,
        security: SECURITY,
        body,
      },
    },
    async (request, reply) => {
      const { ctx, agentId, conversationUser } = await resolveVisitor(deps, request, reply);
      const input = { message: request.body.message, userId: conversationUser, citations: true, tools: [] };
      const signal = abortOnClientClose(reply);
      if (!request.body.stream) return toJsonReply(await sendChat(deps.domain, ctx, agentId, input, { signal }));
      return streamChat(reply, (listener) => sendChat(deps.domain, ctx, agentId, input, { signal, listener }));
    },
  );
}

/** POST /widget/messages/{messageId}/feedback: rates a reply of the visitor's own conversation. */
export function registerWidgetFeedback(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/messages/:messageId/feedback',
    {
      config: widgetDoc('`{success, messageId, feedback}`.', {
        errors: [404],
        codes: [...VISITOR_CODES, 'CONVERSATION_NOT_FOUND'],
      }),
      schema: {
        operationId: 'widgetGiveFeedback',
        tags: TAGS,
        summary: 'Rate a reply',
        description: IDENTITY,
        security: SECURITY,
        params: Type.Object({ messageId: Type.String({ minLength: 1, maxLength: 200 }) }),
        body: FeedbackBodySchema,
      },
    },
    async (request, reply) => {
      const { ctx, agentId, conversationUser } = await resolveVisitor(deps, request, reply);
      const feedback = await giveFeedback(
        deps.domain,
        ctx,
        agentId,
        conversationUser,
        request.params.messageId,
        request.body,
      );
      return { success: true as const, messageId: request.params.messageId, feedback: toPublicFeedback(feedback) };
    },
  );
}
