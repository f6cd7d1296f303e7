// Schemas shared by several routes. Each doubles as validator, serializer and OpenAPI text.
import Type from 'typebox';
import { EXTRA_ERROR_CODES, SPEC_ERROR_CODES } from '../domain/errors.ts';

export const AgentIdParamsSchema = Type.Object({
  agentId: Type.String({ minLength: 1, maxLength: 200, description: 'Agent identifier (URL-encoded).' }),
});

const ALL_CODES = [...SPEC_ERROR_CODES, ...EXTRA_ERROR_CODES].join(', ');

export const UnauthorizedSchema = Type.Object(
  {
    error: Type.String({ description: 'Short name: "Unauthorized" or "Key expired".' }),
    code: Type.Union([Type.Literal('AUTH_REQUIRED'), Type.Literal('KEY_EXPIRED')]),
  },
  { description: 'Missing, invalid, revoked or expired key (flat shape, SPEC §7).' },
);

export const ErrorSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object(
      {
        code: Type.String({ description: `One of: ${ALL_CODES}.` }),
        message: Type.String(),
        list: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()), { description: 'INVALID_BODY: messages by field name.' })),
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
};

export const AgentSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  model: Type.String(),
  instructions: Type.String(),
  usage: Type.Number({ description: 'Credits this agent has consumed in total (chat and search), refunds deducted.' }),
  createdAt: Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds.' }),
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
  { description: 'A knowledge source (SPEC §2).' },
);

export const AgentSourceParamsSchema = Type.Object({
  ...AgentIdParamsSchema.properties,
  sourceId: Type.String({ minLength: 1, maxLength: 200 }),
});
