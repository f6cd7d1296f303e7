// Schemas shared by the admin routes; the error shapes are the public API's.
import Type from 'typebox';
import { ErrorSchema, UnauthorizedSchema } from '../schemas.ts';
import { DESCRIPTION_MAX, URL_MAX } from '../../domain/webhooks/endpoint-fields.ts';

export const ADMIN_SECURITY = [{ session: [], csrf: [] }];

/** The errors every signed-in admin route can give. */
export const SESSION_ERRORS = {
  401: UnauthorizedSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  500: ErrorSchema,
};

export const AccountParamsSchema = Type.Object({ accountId: Type.String({ minLength: 1, maxLength: 200 }) });
export const EndpointParamsSchema = Type.Object({ ...AccountParamsSchema.properties, endpointId: Type.String({ minLength: 1, maxLength: 200 }) });

export const EventTypesSchema = Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 50 }), Type.Null()], {
  description: 'Event types to receive; null or omitted: all. Types this version does not know are kept. `ping` is always sent.',
});

export const EndpointFieldsSchema = {
  url: Type.String({ minLength: 1, maxLength: URL_MAX, description: 'http(s) URL; private, loopback and link-local targets are refused unless the operator allows them.' }),
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
  disabledReason: Type.Union([Type.String({ description: '`gone` (the receiver answered 410) or `operator`.' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

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
  deliveredAt: Nullable(Type.String({ format: 'date-time' })),
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
  accounts: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), role: Type.String() })),
  csrfToken: Type.String({ description: 'Send it as `X-CSRF-Token` with every POST, PATCH and DELETE.' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
