// Schemas shared by the admin routes; the error shapes are the public API's.
import Type from 'typebox';
import {
  AgentIdParamsSchema,
  AgentWithStorageSchema,
  ErrorSchema,
  HandoffConversationSchema,
  UnauthorizedSchema,
} from '../schemas.ts';
import { DESCRIPTION_MAX, URL_MAX } from '../../domain/webhooks/endpoint-fields.ts';
import { KNOWN_EVENT_TYPES } from '../../domain/webhooks/event-types.ts';
import { AGENT_TOOLS_MAX } from '../../domain/agents/agent-fields.ts';

export const ADMIN_SECURITY = [{ session: [], csrf: [] }];

/** The errors every signed-in admin route can give. */
export const SESSION_ERRORS = {
  401: UnauthorizedSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  500: ErrorSchema,
};

export const MemberRoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('teammate'), Type.Literal('viewer')], {
  description:
    '`owner`: everything, members included; `teammate`: everything but members; `viewer`: reads the account, changes nothing (403 READ_ONLY_MEMBER), so reads the inbox but does not answer.',
});

export const AccountParamsSchema = Type.Object({ accountId: Type.String({ minLength: 1, maxLength: 200 }) });
export const EndpointParamsSchema = Type.Object({
  ...AccountParamsSchema.properties,
  endpointId: Type.String({ minLength: 1, maxLength: 200 }),
});
export const AccountAgentParamsSchema = Type.Object({
  ...AccountParamsSchema.properties,
  ...AgentIdParamsSchema.properties,
});
export const KeyParamsSchema = Type.Object({
  ...AccountParamsSchema.properties,
  keyId: Type.String({ minLength: 1, maxLength: 200 }),
});
export const MemberParamsSchema = Type.Object({
  ...AccountParamsSchema.properties,
  memberId: Type.String({ minLength: 1, maxLength: 200 }),
});

export const EventTypesSchema = Type.Union(
  [Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 50 }), Type.Null()],
  {
    description: `Event types to receive, among ${KNOWN_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')} (GET /webhook-event-types); another name is 400 \`INVALID_BODY\` naming it. null or omitted: all, types added later included. \`ping\` is always sent.`,
  },
);

export const EndpointFieldsSchema = {
  url: Type.String({
    minLength: 1,
    maxLength: URL_MAX,
    description:
      "http(s) URL; private, loopback and link-local targets are refused unless the operator allows them, and so is a port that fetch never connects to (the Fetch standard's blocked ports, such as 25 or 6667).",
  }),
  description: Type.String({ maxLength: DESCRIPTION_MAX }),
  events: EventTypesSchema,
};

export const EndpointSchema = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Union([Type.Array(Type.String()), Type.Null()]),
  enabled: Type.Boolean(),
  disabledReason: Type.Union([
    Type.String({ description: '`gone` (the receiver answered 410) or `operator`.' }),
    Type.Null(),
  ]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ClientToolSchema = Type.Object(
  {
    name: Type.String({ description: '1 to 64 letters, digits, _ or -; unique within the agent.' }),
    description: Type.String({ description: 'What the tool does, for the model; at most 1024 characters.' }),
    parameters: Type.Record(Type.String(), Type.Unknown(), {
      description: 'A JSON Schema with `"type": "object"`: the arguments the model must send.',
    }),
  },
  {
    additionalProperties: false,
    description:
      'A client tool: the model may ask the API client to run it (the chat answer then waits with `finish_reason: "tool_calls"`).',
  },
);

export const ClientToolsSchema = Type.Array(ClientToolSchema, {
  description: `At most ${AGENT_TOOLS_MAX}. A name used twice, a bad name or parameters that are not a JSON Schema object are 400 INVALID_BODY with \`error.list.tools\`.`,
});

export const ConsoleAgentSchema = Type.Object(
  { ...AgentWithStorageSchema.properties, tools: Type.Array(ClientToolSchema) },
  { description: "The public API's agent with its storage, plus the client tools (the console's view)." },
);

export const KeyKindSchema = Type.Union([Type.Literal('secret'), Type.Literal('publishable')], {
  description:
    '`secret` (`cq_…`): the API key of a backend. `publishable` (`cq_pub_…`): a widget key, meant to be seen in a page, for one agent and its origins, accepted only by the widget routes.',
});

export const KeySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the secret (`cq_` and 6 more), to tell keys apart.' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
  kind: KeyKindSchema,
  allowedAgentIds: Nullable(Type.Array(Type.String(), { description: 'The only agents the key may use; null: all.' })),
  allowedIps: Nullable(
    Type.Array(Type.String(), {
      description: 'The only client addresses (IPs or CIDR ranges) it may be used from; null: any.',
    }),
  ),
  allowedOrigins: Nullable(
    Type.Array(Type.String(), {
      description: 'A publishable key: the only page origins its widget may run on. null for a secret key.',
    }),
  ),
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  quota: Nullable(Type.Number({ description: 'Credits the key may spend in total; null: no quota.' })),
  usage: Type.Number({ description: 'Credits the key has spent, refunds deducted.' }),
  lastUsedAt: Nullable(Type.String({ format: 'date-time', description: 'Written at most once a minute per key.' })),
  revokedAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
});

export const MemberSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: MemberRoleSchema,
  createdAt: Type.String({ format: 'date-time' }),
});

export const DeliverySchema = Type.Object({
  id: Type.String(),
  endpointId: Type.String(),
  eventId: Type.String({ description: 'Also the `webhook-id` header of every attempt.' }),
  eventType: Type.String(),
  status: Type.String({ description: 'pending (waiting or in flight), succeeded, or failed (no attempt left).' }),
  attempts: Type.Integer(),
  lastStatusCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  lastLatencyMs: Nullable(Type.Integer()),
  nextAttemptAt: Nullable(Type.String({ format: 'date-time' })),
  deliveredAt: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'When an attempt succeeded; null while pending or failed. A redelivery makes it pending again and clears it (the earlier success stays in `log`).',
    }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  log: Type.Optional(
    Type.Array(
      Type.Object({
        attempt: Type.Integer(),
        startedAt: Type.String({ format: 'date-time' }),
        finishedAt: Nullable(Type.String({ format: 'date-time' })),
        statusCode: Nullable(Type.Integer()),
        error: Nullable(Type.String()),
        latencyMs: Nullable(Type.Integer()),
        response: Nullable(Type.String({ description: 'The first bytes of the answer.' })),
      }),
    ),
  ),
});

export const SessionSchema = Type.Object({
  success: Type.Literal(true),
  user: Type.Object({ id: Type.String(), email: Type.String() }),
  accounts: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      role: MemberRoleSchema,
    }),
  ),
  csrfToken: Type.String({ description: 'Send it as `X-CSRF-Token` with every POST, PATCH and DELETE.' }),
  expiresAt: Type.String({ format: 'date-time' }),
});

/** The admin document's own named shapes, beside the public ones (see SHARED_SCHEMAS). */
/** A conversation in the console's inbox: with its agent, its assignee and its unread count. */
export const InboxConversationSchema = Type.Object(
  {
    ...HandoffConversationSchema.properties,
    agent: Type.Object({ id: Type.String(), name: Type.String() }),
    assignee: Type.Union([Type.String(), Type.Null()], {
      description: 'The email of the member answering it; null when no one took it yet.',
    }),
    unread: Type.Integer({
      minimum: 0,
      description: "The visitor's messages since the handover and since a person's latest reply.",
    }),
  },
  { description: 'A conversation with people, as the inbox lists it.' },
);

export const ADMIN_SHARED_SCHEMAS = {
  InboxConversation: InboxConversationSchema,
  Endpoint: EndpointSchema,
  ClientTool: ClientToolSchema,
  ConsoleAgent: ConsoleAgentSchema,
  Key: KeySchema,
  Member: MemberSchema,
  Delivery: DeliverySchema,
  Session: SessionSchema,
};
