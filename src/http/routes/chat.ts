import Type from 'typebox';
import type { FastifyReply } from 'fastify';
import { sendChat } from '../../domain/chat/send-chat.ts';
import type { ChatListener, ChatReply } from '../../domain/chat/chat-types.ts';
import { invalidBody, type ErrorCode } from '../../domain/errors.ts';
import { abortOnClientClose } from '../abort-on-close.ts';
import { createSseWriter } from '../sse.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY, ToolCallSchema } from '../schemas.ts';
import { NOT_BLANK, NOT_CONVERSATION_ID, NOT_DOT_SEGMENT, NOT_WIDGET_USER } from '../validation.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

// Bounds SPEC leaves open ("not shown"), stated in the OpenAPI document.
export const CHAT_MESSAGE_MAX = 8_000;

/** The codes sending a chat message can give beside those of every agent route (for the OpenAPI
 * documents of this route, the OpenAI-compatible door and the widget). */
export const CHAT_ERRORS: ErrorCode[] = [
  'CONTENT_BLOCKED',
  'INSUFFICIENT_CREDITS',
  'QUOTA_EXCEEDED',
  'MODEL_NOT_AVAILABLE',
  'CONVERSATION_NOT_FOUND',
  'PENDING_TOOL_CALLS',
  'TOOL_CALL_ALREADY_EXECUTED',
  'TOOL_CALL_ALREADY_CANCELED',
  'TOOL_CALL_NOT_FOUND',
  'MODERATION_UNAVAILABLE',
];
export const TOOL_OUTPUT_MAX = 100_000;
const ID_MAX = 200;

const ChatBodySchema = Type.Object(
  {
    message: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: CHAT_MESSAGE_MAX,
        pattern: NOT_BLANK,
        description: `The user's message, 1 to ${CHAT_MESSAGE_MAX} characters. May be omitted when \`toolResults\` is sent.`,
      }),
    ),
    stream: Type.Optional(
      Type.Boolean({ description: 'true: the reply is a Server-Sent Events stream (see the description).' }),
    ),
    citations: Type.Optional(
      Type.Boolean({
        description:
          'true: the reply carries `reply.citations` (in a stream, `citations` in the final frame): the passages that grounded it. Without it, nothing changes.',
      }),
    ),
    userId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: ID_MAX,
        // `.` and `..` could never be addressed as a conversationRef: URL parsers resolve them away.
        pattern: NOT_DOT_SEGMENT,
        allOf: [{ pattern: NOT_BLANK }, { pattern: NOT_WIDGET_USER }, { pattern: NOT_CONVERSATION_ID }],
        description:
          "The end user's persistent conversation (created on first use); when sent, `conversationId` is ignored. Any text but `.` and `..`, ids starting with `widget-visitor:` or `widget-user:` (the widget's visitors') and ids starting with `conv_` (a `conversationRef` naming a conversation id reads that conversation, so such a user's conversation could never be read or deleted by reference); URL-encode it as a `conversationRef`.",
      }),
    ),
    conversationId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: ID_MAX,
        pattern: NOT_BLANK,
        description:
          'Continue this conversation (404 CONVERSATION_NOT_FOUND if the agent has none such). With neither id, a new conversation starts.',
      }),
    ),
    toolResults: Type.Optional(
      Type.Array(
        Type.Object(
          {
            toolCallId: Type.String({ minLength: 1, maxLength: ID_MAX, pattern: NOT_BLANK }),
            output: Type.String({
              maxLength: TOOL_OUTPUT_MAX,
              description: 'What the tool returned, as text (JSON is fine).',
            }),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: 64,
          description:
            'Results for the pending tool calls of the conversation: all of them in one request (cancel the ones you will not run). The model then continues.',
        },
      ),
    ),
  },
  { additionalProperties: false },
);

const CitationSchema = Type.Object({
  sourceId: Type.String(),
  type: Type.Union([Type.Literal('text'), Type.Literal('qa'), Type.Literal('file'), Type.Literal('website')]),
  title: Type.String({ description: 'The text title, Q&A question, file name or page title.' }),
  url: Type.Optional(Type.String({ description: 'Website sources: the page.' })),
  fileName: Type.Optional(Type.String({ description: 'File sources: the file name.' })),
  quote: Type.String({ description: 'The passage the model was given.' }),
  score: Type.Number({ minimum: 0, maximum: 1, description: 'Its search score.' }),
});

const ChatReplySchema = Type.Object({
  success: Type.Literal(true),
  reply: Type.Object({
    content: Type.String({ description: 'The reply text; empty when the model only called tools.' }),
    tool_calls: Type.Optional(
      Type.Array(ToolCallSchema, {
        description: 'Client tool calls, status `pending`: run them and send `toolResults`.',
      }),
    ),
    citations: Type.Optional(
      Type.Array(CitationSchema, {
        description:
          'Only when the request sent `"citations": true`: the passages given to the model, best first (empty when none matched).',
      }),
    ),
  }),
  finish_reason: Type.Union([
    Type.Literal('stop'),
    Type.Literal('length'),
    Type.Literal('tool_calls'),
    Type.Literal('content_filter'),
  ]),
  conversationId: Type.String(),
  messageId: Type.Union([Type.String(), Type.Null()], {
    description:
      'The id of the stored assistant message (the one POST …/feedback rates). null when the message was held for people (`handoff.heldMessageId` names it): the notice is not a stored message, so there is nothing to rate.',
  }),
  userId: Type.Optional(Type.String({ description: 'Present when the conversation belongs to an end user.' })),
  usage: Type.Object({
    credits: Type.Number({
      description: "Credits charged: the model's price in GET /models; 0 while the conversation is with people.",
    }),
  }),
  handoff: Type.Optional(
    Type.Object(
      {
        state: Type.Literal('people'),
        heldMessageId: Type.Optional(
          Type.String({
            description:
              "Held messages only: the stored user message, for GET …/conversations/{conversationRef}/stream's `after` (absent when only `toolResults` were sent).",
          }),
        ),
      },
      {
        description:
          "Only when the conversation is with people (docs/handoff.md). Either it already was: the message was stored for a person, the model was not called, nothing was charged; `reply.content` is a short notice that is not stored, so `messageId` is null (nothing to rate) and `heldMessageId` names the stored user message. Or the model handed it over just now with the built-in `handoff_to_person` tool (agents with handoff on): the reply is charged as usual and is the model's text, or a short notice when it wrote none; this tool call is never listed in `tool_calls`.",
      },
    ),
  ),
});

const DESCRIPTION = `Sends a message to the agent and answers from its knowledge: the message is checked for harmful content, the agent's passages closest to it are retrieved, and the model answers from the instructions, those passages and as much of the conversation as fits its context.

**Credits**: the model's price (GET /models) per request, taken in the same transaction that stores the reply. A request that fails costs nothing: 402 and 429 \`QUOTA_EXCEEDED\` come before any work; \`CONTENT_BLOCKED\` and \`MODERATION_UNAVAILABLE\` before the model; a model failure is 500 \`UNKNOWN_ERROR\` with \`usage.credits\` 0.

**Tool calls**: when the model calls one of the agent's client tools, the reply carries \`tool_calls\` (status \`pending\`) and \`finish_reason\` \`tool_calls\`. A call of a tool the model was not offered is dropped (and logged): the reply is then the model's text with \`finish_reason\` \`stop\`. Send \`toolResults\` for all of them (optionally with a new \`message\`), or cancel them. While any is pending a new message gets 409 \`PENDING_TOOL_CALLS\` with \`error.ids\`. Tool call statuses: \`pending\`, \`completed\` (result received), \`canceled\`.

**Stream** (\`stream: true\`): \`text/event-stream\`, each frame one \`data: {json}\` line and a blank line, no \`event:\` field:
1. \`{"success":true,"conversationId":"…","messageId":"…"}\`
2. \`{"delta":{"reply":{"content":"…"}}}\`: text fragments to append, and/or \`{"delta":{"tool_calls":[…]}}\`
3. \`{"delta":{"finish_reason":"stop"},"usage":{"credits":1},"conversationId":"…","messageId":"…"}\`
4. an empty \`data:\` message: the end marker.

The stream starts with the model's first output; every error before it is an ordinary JSON error. A failure after it is one frame \`{"success":false,"error":{"code","message"},"delta":{"finish_reason":"error"},"usage":{"credits":0}}\` and the end marker; nothing was charged or stored. A client that disconnects stops the model call.

**With people** (after POST …/handoff, or when the agent hands over by itself because the visitor asked for a person): the message is stored and checked for harmful content as usual, but the model is not called and nothing is charged. The reply keeps its shape: \`reply.content\` is a short notice that is not stored (so \`messageId\` is null: nothing to rate), \`usage.credits\` 0, and \`handoff: {"state":"people","heldMessageId":"…"}\` (the stored user message) is added to the JSON reply and to the stream's first and final frames. The person's replies arrive in GET …/messages and in GET …/conversations/{conversationRef}/stream. Emits \`handoff.message\`.

Emits \`chat.completed\` (or \`chat.failed\`, once the agent was found) for requests made with an API key.`;

/** POST /agents/{agentId}/chat: one JSON reply, or an SSE stream of it. */
export function registerChat(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/chat',
    {
      config: {
        openapi: {
          eventStream: { description: 'With `stream: true`: the reply as it is written (frames described above).' },
          errors: CHAT_ERRORS,
        },
      },
      schema: {
        tags: ['Chat'],
        operationId: 'chat',
        summary: 'Chat with an agent',
        description: DESCRIPTION,
        security: SECURITY,
        params: AgentIdParamsSchema,
        body: ChatBodySchema,
        response: {
          200: ChatReplySchema,
          400: ErrorSchema,
          402: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (body.message === undefined && body.toolResults === undefined)
        throw invalidBody({ message: ['is required unless toolResults is sent'] });
      const ids = (body.toolResults ?? []).map((result) => result.toolCallId);
      if (new Set(ids).size !== ids.length) throw invalidBody({ toolResults: ['has two results for one toolCallId'] });
      const ctx = requireContext(request);
      const signal = abortOnClientClose(reply);
      if (!body.stream) return toJsonReply(await sendChat(deps.domain, ctx, request.params.agentId, body, { signal }));
      return streamChat(reply, (listener) =>
        sendChat(deps.domain, ctx, request.params.agentId, body, { signal, listener }),
      );
    },
  );
}

/** The chat's SSE answer (the description's frames), for this route and the widget's. */
export async function streamChat(
  reply: FastifyReply,
  run: (listener: ChatListener) => Promise<ChatReply>,
): Promise<FastifyReply> {
  const stream = createSseWriter(reply);
  const listener: ChatListener = {
    onStart: ({ conversationId, messageId, handoff }) =>
      stream.send({ success: true, conversationId, messageId, ...(handoff && { handoff }) }),
    onContent: (content) => stream.send({ delta: { reply: { content } } }),
    onToolCalls: (toolCalls) => stream.send({ delta: { tool_calls: toolCalls } }),
  };
  try {
    const answer = await run(listener);
    stream.send({
      delta: { finish_reason: answer.finishReason },
      usage: { credits: answer.credits },
      conversationId: answer.conversationId,
      messageId: answer.messageId,
      ...(answer.citations && { citations: answer.citations }),
      ...(answer.handoff && { handoff: answer.handoff }),
    });
  } catch (error) {
    if (!stream.started) throw error;
    stream.fail(error, { delta: { finish_reason: 'error' }, usage: { credits: 0 } });
  }
  stream.end();
  return reply;
}

export function toJsonReply(answer: ChatReply) {
  return {
    success: true as const,
    reply: {
      content: answer.content,
      ...(answer.toolCalls.length > 0 && { tool_calls: answer.toolCalls }),
      ...(answer.citations && { citations: answer.citations }),
    },
    finish_reason: answer.finishReason,
    conversationId: answer.conversationId,
    messageId: answer.messageId,
    ...(answer.userId !== null && { userId: answer.userId }),
    usage: { credits: answer.credits },
    ...(answer.handoff && { handoff: answer.handoff }),
  };
}
