import Type from 'typebox';
import type { FastifyReply } from 'fastify';
import { sendChat } from '../../domain/chat/send-chat.ts';
import type { ChatListener, ChatReply } from '../../domain/chat/chat-types.ts';
import { checkAgentFields } from '../../domain/agents/agent-fields.ts';
import { invalidBody } from '../../domain/errors.ts';
import type { PublicToolCall } from '../../domain/chat/message-view.ts';
import { abortOnClientClose } from '../abort-on-close.ts';
import { toAppError } from '../error-handler.ts';
import { createSseWriter } from '../sse.ts';
import { CHAT_MESSAGE_MAX, TOOL_OUTPUT_MAX } from '../routes/chat.ts';
import { SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';
import { toOpenAiError } from './openai-error.ts';
import { toChatTurn, toClientTools, type OpenAiMessage, type OpenAiTool } from './openai-messages.ts';
import { OpenAiErrorSchema } from './openai-schemas.ts';

const ContentSchema = Type.Union([
  Type.String({ maxLength: TOOL_OUTPUT_MAX }),
  Type.Null(),
  Type.Array(Type.Object({ type: Type.String(), text: Type.Optional(Type.String({ maxLength: TOOL_OUTPUT_MAX })) }), {
    maxItems: 64,
  }),
]);

const MessageSchema = Type.Object({
  role: Type.Union(['system', 'developer', 'user', 'assistant', 'tool'].map((role) => Type.Literal(role))),
  content: Type.Optional(ContentSchema),
  tool_calls: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String({ minLength: 1, maxLength: 200 }),
        type: Type.Optional(Type.String()),
        function: Type.Object({ name: Type.String(), arguments: Type.String() }),
      }),
      { maxItems: 64 },
    ),
  ),
  tool_call_id: Type.Optional(Type.String({ maxLength: 200 })),
});

const ToolSchema = Type.Object({
  type: Type.Literal('function'),
  function: Type.Object({
    name: Type.String(),
    description: Type.Optional(Type.String()),
    parameters: Type.Optional(Type.Object({}, { additionalProperties: true })),
  }),
});

// Other Chat Completions fields (temperature, max_tokens, user, …) are accepted and ignored: the
// agent's model and settings answer. Two would change the reply's shape, so a client relying on them
// is told instead of getting a reply it cannot read: `n` above 1 and a JSON `response_format`.
const BodySchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 200, description: 'The agent id (GET /openai/models).' }),
  messages: Type.Array(MessageSchema, { minItems: 1, maxItems: 500 }),
  stream: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  stream_options: Type.Optional(
    Type.Union(
      [
        Type.Object(
          { include_usage: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])) },
          { additionalProperties: true },
        ),
        Type.Null(),
      ],
      {
        description:
          'With `include_usage: true` a stream ends, before `[DONE]`, with a chunk whose `choices` is empty and which carries `usage`; earlier chunks carry `usage: null`.',
      },
    ),
  ),
  tools: Type.Optional(Type.Array(ToolSchema, { maxItems: 32 })),
  tool_choice: Type.Optional(Type.Unknown()),
  n: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'Only 1: each request makes one reply.' })),
  response_format: Type.Optional(
    Type.Union([Type.Object({ type: Type.String() }, { additionalProperties: true }), Type.Null()], {
      description: 'Only `{"type": "text"}`: the agent answers in text.',
    }),
  ),
});

/** The fields whose other values OpenAI's clients would read as a differently shaped reply. */
function checkReplyShape(body: { n?: number | null; response_format?: { type: string } | null }): void {
  if (body.n !== undefined && body.n !== null && body.n !== 1)
    throw invalidBody(
      { n: ['must be 1: each request makes one reply'] },
      'Only one choice is made per request (n must be 1).',
    );
  const format = body.response_format?.type;
  if (format !== undefined && format !== 'text')
    throw invalidBody(
      { response_format: [`"${format}" is not supported: the agent answers in text`] },
      `response_format "${format}" is not supported: the agent answers in text.`,
    );
}

const DESCRIPTION = `OpenAI's Chat Completions for an agent: \`model\` is the agent id. Point any OpenAI client at base URL \`/api/v1/openai\` with a Colloquy key as its API key.

Other fields (\`temperature\`, \`max_tokens\`, …) are accepted and ignored: the agent's settings answer. \`n\` must be 1 and \`response_format\` \`{"type": "text"}\` when given (400 \`INVALID_BODY\` otherwise, with \`param\` naming the field).

The agent's instructions are the system prompt (the caller's system and developer messages are left out); its knowledge grounds the answer; the caller's user messages are moderated; the price is the agent's model's (GET /models), with the same credits, key quota, rate limit and \`chat.completed\`/\`chat.failed\` events as POST /agents/{agentId}/chat. Each request is stateless, as in OpenAI's API: the caller sends the conversation so far, and the reply is stored as a new conversation of the agent.

\`tools\` become client tools for this reply (without them, the agent's own apply): a reply with \`finish_reason\` \`tool_calls\` is answered by sending the conversation again with the assistant message and one \`tool\` message per call.

\`stream: true\`: OpenAI's \`chat.completion.chunk\` frames, ending with \`data: [DONE]\`; a failure after the first frame is one \`data: {"error":{…}}\` frame, then \`[DONE]\`. Errors are OpenAI's \`{error:{message, type, param, code}}\` with the status of POST /agents/{agentId}/chat and Colloquy's error code as \`code\`. The \`colloquy\` field (when streaming: on the chunk carrying \`finish_reason\` and on the usage chunk) carries the stored conversation, message and credits charged; \`usage\` counts the prompt the model was given and the reply in tokens. A stream carries it as OpenAI's does: only with \`stream_options: {"include_usage": true}\`, on a last chunk whose \`choices\` is empty, before \`[DONE]\`; every other chunk then carries \`usage: null\`.`;

type ChoiceDelta = Record<string, unknown>;

/** OpenAI's tool call, without Colloquy's status (the reply is the caller's to act on). */
const toOpenAiCall = (call: PublicToolCall, index?: number) => ({
  ...(index !== undefined && { index }),
  id: call.id,
  type: 'function' as const,
  function: call.function,
});

/** POST /openai/chat/completions. */
export function registerChatCompletions(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/chat/completions',
    {
      schema: {
        tags: ['OpenAI-compatible'],
        operationId: 'openaiChatCompletions',
        summary: 'Chat completions (OpenAI format)',
        description: DESCRIPTION,
        security: SECURITY,
        body: BodySchema,
        response: {
          200: Type.Object(
            {},
            { additionalProperties: true, description: 'An OpenAI `chat.completion`, or the chunk stream.' },
          ),
          '4xx': OpenAiErrorSchema,
          '5xx': OpenAiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const ctx = requireContext(request);
      checkReplyShape(body);
      const { transcript, message } = toChatTurn(body.messages as OpenAiMessage[]);
      if (message !== null && message.length > CHAT_MESSAGE_MAX)
        throw invalidBody({ messages: [`the last user message must be at most ${CHAT_MESSAGE_MAX} characters`] });
      const tools = toClientTools(body.tools as OpenAiTool[] | undefined, body.tool_choice);
      if (tools) checkAgentFields({ tools }, deps.domain, ctx.plan);
      const input = { transcript, tools, ...(message !== null && { message }) };
      const created = Math.floor(deps.domain.clock.now() / 1000);
      const signal = abortOnClientClose(reply);
      if (!body.stream)
        return toCompletion(await sendChat(deps.domain, ctx, body.model, input, { signal }), body.model, created);
      const includeUsage = body.stream_options?.include_usage === true;
      return streamCompletion(reply, { created, model: body.model, includeUsage }, (listener) =>
        sendChat(deps.domain, ctx, body.model, input, { signal, listener }),
      );
    },
  );
}

function toCompletion(answer: ChatReply, model: string, created: number) {
  const toolCalls = answer.toolCalls.map((call) => toOpenAiCall(call));
  return {
    id: completionId(answer),
    object: 'chat.completion',
    created,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.content === '' && toolCalls.length > 0 ? null : answer.content,
          refusal: null,
          ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
        },
        logprobs: null,
        finish_reason: answer.finishReason,
      },
    ],
    usage: usageOf(answer),
    colloquy: colloquyOf(answer),
  };
}

/** OpenAI's usage block, for clients and cost dashboards that read it. */
const usageOf = (answer: ChatReply) => ({
  prompt_tokens: answer.tokens.prompt,
  completion_tokens: answer.tokens.completion,
  total_tokens: answer.tokens.prompt + answer.tokens.completion,
});

const colloquyOf = (answer: ChatReply) => ({
  conversationId: answer.conversationId,
  messageId: answer.messageId,
  credits: answer.credits,
});

/** The stored reply's id; a reply held for people has none, so the held message's (or the conversation's). */
const completionId = (answer: Pick<ChatReply, 'messageId' | 'handoff' | 'conversationId'>) =>
  answer.messageId ?? answer.handoff?.heldMessageId ?? answer.conversationId;

async function streamCompletion(
  reply: FastifyReply,
  head: { created: number; model: string; includeUsage: boolean },
  run: (listener: ChatListener) => Promise<ChatReply>,
): Promise<FastifyReply> {
  const stream = createSseWriter(reply, 'data: [DONE]\n\n');
  let id = '';
  let toolIndex = 0;
  // OpenAI's usage chunk: asked for with stream_options.include_usage, every other chunk then
  // carries `usage: null` and usage comes once, on its own chunk with no choices, before [DONE]
  // (clients that add usage up over chunks must see it once).
  const frame = (choices: object[], extra: object = {}) =>
    stream.send({
      id,
      object: 'chat.completion.chunk',
      created: head.created,
      model: head.model,
      choices,
      ...(head.includeUsage && { usage: null }),
      ...extra,
    });
  const chunk = (delta: ChoiceDelta, finishReason: string | null = null, extra: object = {}) =>
    frame([{ index: 0, delta, logprobs: null, finish_reason: finishReason }], extra);
  const listener: ChatListener = {
    onStart: ({ conversationId, messageId, handoff }) => {
      id = completionId({ conversationId, messageId, handoff });
      chunk({ role: 'assistant', content: '' });
    },
    onContent: (content) => chunk({ content }),
    onToolCalls: (calls) => chunk({ tool_calls: calls.map((call) => toOpenAiCall(call, toolIndex++)) }),
  };
  try {
    const answer = await run(listener);
    chunk({}, answer.finishReason, { colloquy: colloquyOf(answer) });
    if (head.includeUsage) frame([], { usage: usageOf(answer), colloquy: colloquyOf(answer) });
  } catch (error) {
    if (!stream.started) throw error;
    stream.send(toOpenAiError(toAppError(error as never, reply.request)));
  }
  stream.end();
  return reply;
}
