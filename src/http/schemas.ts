// Schemas shared by several routes. Each doubles as validator, serializer and OpenAPI text.
import Type from 'typebox';
import type { ErrorCode } from '../domain/errors.ts';
import { STATUS_BY_CODE } from './error-table.ts';
import { PaginationSchema } from './pagination.ts';
import { TIME_OF_DAY } from './validation.ts';

export const AgentIdParamsSchema = Type.Object({
  agentId: Type.String({ minLength: 1, maxLength: 200, description: 'Agent identifier (URL-encoded).' }),
});

/** Every code of the one error table, so the document's enum can never lag behind it. */
export const ERROR_CODES = Object.keys(STATUS_BY_CODE) as ErrorCode[];

export const ErrorCodeSchema = Type.Unsafe<ErrorCode>({
  type: 'string',
  enum: ERROR_CODES,
  description:
    "The error code (the interface's, plus the service's additions); the HTTP status tells which of them can occur.",
});

export const UnauthorizedSchema = Type.Object(
  {
    error: Type.String({ description: 'Short name: "Unauthorized" or "Key expired".' }),
    code: Type.Union([Type.Literal('AUTH_REQUIRED'), Type.Literal('KEY_EXPIRED')]),
  },
  { description: 'Missing, invalid, revoked or expired key (flat shape).' },
);

/** The widget routes that name a visitor: also a signed-in user id whose hash does not match. */
export const WidgetUnauthorizedSchema = Type.Object(
  {
    error: Type.String({ description: 'Short name: "Unauthorized", "Key expired" or "Invalid user hash".' }),
    code: Type.Union([...UnauthorizedSchema.properties.code.anyOf, Type.Literal('USER_HASH_INVALID')]),
  },
  { description: 'As Unauthorized, or a visitor not proven, or a user id whose hash does not match.' },
);

export const ErrorSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object(
      {
        code: ErrorCodeSchema,
        message: Type.String(),
        list: Type.Optional(
          Type.Record(Type.String(), Type.Array(Type.String()), {
            description: 'INVALID_BODY: messages by field name.',
          }),
        ),
        ids: Type.Optional(Type.Array(Type.String(), { description: 'PENDING_TOOL_CALLS: the waiting tool calls.' })),
        output: Type.Optional(Type.Object({}, { additionalProperties: true })),
        usage: Type.Optional(Type.Object({ credits: Type.Number() })),
      },
      { additionalProperties: true },
    ),
  },
  { description: 'Every error other than 401.' },
);

/** The error responses every authenticated route can give. */
export const AUTHENTICATED_ERRORS = {
  401: UnauthorizedSchema,
  403: ErrorSchema,
  429: ErrorSchema,
  500: ErrorSchema,
  503: ErrorSchema,
};

const HANDOFF_ENABLED = Type.Boolean({
  description:
    'On: a visitor who asks for a person in their own words is handed to people, and a generative model is offered the built-in `handoff_to_person` tool.',
});

const HANDOFF_HOURS = Type.Union(
  [
    Type.Object(
      {
        timeZone: Type.String({
          minLength: 1,
          maxLength: 64,
          description: 'An IANA time zone, such as Europe/Berlin.',
          examples: ['Europe/Berlin'],
        }),
        weekly: Type.Array(
          Type.Object(
            {
              days: Type.Array(
                Type.Union([
                  Type.Literal('mon'),
                  Type.Literal('tue'),
                  Type.Literal('wed'),
                  Type.Literal('thu'),
                  Type.Literal('fri'),
                  Type.Literal('sat'),
                  Type.Literal('sun'),
                ]),
                { minItems: 1, maxItems: 7 },
              ),
              from: Type.String({
                pattern: TIME_OF_DAY,
                description: 'HH:MM, local time.',
                examples: ['09:00'],
              }),
              to: Type.String({
                pattern: TIME_OF_DAY,
                description: 'HH:MM, local time (24:00 for midnight).',
                examples: ['17:30'],
              }),
            },
            { additionalProperties: false },
          ),
          { minItems: 1, maxItems: 14 },
        ),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description:
      'When the team answers: on each listed day from `from` to `to` in `timeZone`. Outside them a handover still happens, the conversation waits in the inbox, and the visitor is told when a person will answer. null: at any time.',
  },
);

/** Colloquy's handoff setting (docs/handoff.md), beyond SPEC's agent fields. */
export const HandoffSettingSchema = Type.Object(
  { enabled: HANDOFF_ENABLED, hours: HANDOFF_HOURS },
  {
    description:
      "Colloquy extension (docs/handoff.md): present only when the agent's handoff setting is not the default (off, no hours), so an agent otherwise has exactly the interface's fields.",
  },
);

/** The same in a request: only what changes. */
export const HandoffSettingInputSchema = Type.Object(
  { enabled: Type.Optional(HANDOFF_ENABLED), hours: Type.Optional(HANDOFF_HOURS) },
  { additionalProperties: false, minProperties: 1, description: 'Colloquy extension: the handoff setting to change.' },
);

export const AgentSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  model: Type.String(),
  instructions: Type.String(),
  usage: Type.Number({ description: 'Credits this agent has consumed in total (chat and search), refunds deducted.' }),
  createdAt: Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds.' }),
  handoff: Type.Optional(HandoffSettingSchema),
});

export const AgentWithStorageSchema = Type.Object({
  ...AgentSchema.properties,
  storage: Type.Object(
    {
      used: Type.Number({ description: 'Characters of text plus bytes of files.' }),
      limit: Type.Number({ description: "The plan's storage per agent, in the same unit." }),
    },
    { description: 'Knowledge storage of this agent against its plan limit.' },
  ),
});

export const SECURITY = [{ apiKey: [] }];

export const SourceSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.Union([Type.Literal('text'), Type.Literal('qa'), Type.Literal('file'), Type.Literal('website')]),
    title: Type.String({ description: 'Text title, Q&A question, file name, or page title.' }),
    content: Type.Optional(Type.String({ description: 'Text sources only.' })),
    size: Type.Optional(Type.Number({ description: 'File sources only: bytes.' })),
    url: Type.Optional(Type.String({ description: 'Website sources only: the page URL (normalised).' })),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { description: 'A knowledge source.' },
);

export const AgentSourceParamsSchema = Type.Object({
  ...AgentIdParamsSchema.properties,
  sourceId: Type.String({ minLength: 1, maxLength: 200 }),
});

export const ToolCallSchema = Type.Object(
  {
    id: Type.String(),
    type: Type.Literal('function'),
    function: Type.Object({
      name: Type.String(),
      arguments: Type.String({ description: 'The arguments as a JSON text, as the model wrote them.' }),
    }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('canceled')], {
      description: '`pending` until the client sends a result (`completed`) or cancels it (`canceled`).',
    }),
  },
  { description: 'A client tool call.' },
);

export const FeedbackSchema = Type.Object(
  {
    rating: Type.Union([Type.Literal('up'), Type.Literal('down')]),
    comment: Type.Optional(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { description: 'The latest feedback on an assistant message.' },
);

export const MessageSchema = Type.Object(
  {
    id: Type.String(),
    role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
    content: Type.Optional(Type.String({ description: 'Absent on an assistant message that only called tools.' })),
    tool_calls: Type.Optional(Type.Array(ToolCallSchema)),
    feedback: Type.Optional(FeedbackSchema),
    author: Type.Optional(
      Type.Object(
        { type: Type.Literal('person'), name: Type.String({ description: 'The name the person replied under.' }) },
        {
          description:
            "Only on an assistant message written by a person while the conversation was with people (docs/handoff.md); absent on the model's replies.",
        },
      ),
    ),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { description: 'A message.' },
);

export const ConversationSchema = Type.Object(
  {
    id: Type.String(),
    userId: Type.Union([Type.String(), Type.Null()], {
      description: 'The end user of a persistent conversation, else null.',
    }),
    title: Type.Union([Type.String(), Type.Null()], {
      description: 'The first user message, shortened to 80 characters; null before any.',
    }),
    messageCount: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time', description: 'When the latest message was stored.' }),
  },
  { description: 'A conversation record.' },
);

export const ConversationParamsSchema = Type.Object({
  ...AgentIdParamsSchema.properties,
  conversationRef: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'A conversation id or an end user id (URL-encoded).',
  }),
});

export const MessageParamsSchema = Type.Object({
  ...ConversationParamsSchema.properties,
  messageId: Type.String({ minLength: 1, maxLength: 200 }),
});

export const HandoffConversationSchema = Type.Object(
  {
    ...ConversationSchema.properties,
    state: Type.Union([Type.Literal('agent'), Type.Literal('people')], {
      description: '`agent`: the model answers; `people`: messages wait for a person, the model is not called.',
    }),
    handoff: Type.Union(
      [
        Type.Object({
          reason: Type.Union([Type.String(), Type.Null()]),
          requestedBy: Type.Union([
            Type.Literal('api'),
            Type.Literal('visitor'),
            Type.Literal('console'),
            Type.Literal('agent'),
          ]),
          requestedAt: Type.String({ format: 'date-time' }),
        }),
        Type.Null(),
      ],
      { description: 'The latest move to people (kept after it is resolved); null before the first.' },
    ),
  },
  { description: 'A conversation record with who answers it.' },
);

/** The shapes the OpenAPI document names under components.schemas: wherever a route's schema
 * holds one of them, the document refers to it instead of repeating it. */
export const SHARED_SCHEMAS = {
  ErrorCode: ErrorCodeSchema,
  Error: ErrorSchema,
  Unauthorized: UnauthorizedSchema,
  WidgetUnauthorized: WidgetUnauthorizedSchema,
  Agent: AgentSchema,
  HandoffSetting: HandoffSettingSchema,
  AgentWithStorage: AgentWithStorageSchema,
  Source: SourceSchema,
  ToolCall: ToolCallSchema,
  Feedback: FeedbackSchema,
  Message: MessageSchema,
  Conversation: ConversationSchema,
  HandoffConversation: HandoffConversationSchema,
  Pagination: PaginationSchema,
};
