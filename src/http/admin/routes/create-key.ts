import Type from 'typebox';
import { createKey } from '../../../domain/keys/create-key.ts';
import { toKeyView } from '../../../domain/keys/key-view.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, KeySchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** POST /accounts/{accountId}/keys: a new API key; its secret is in this answer only. */
export function registerCreateKey(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/keys',
    {
      schema: {
        tags: ['Keys'],
        operationId: 'createKey',
        summary: 'Create an API key',
        description:
          '`secret` (`cq_…`) is shown this once; only a hash is kept. Agents not in the account, entries that are not an IP or CIDR range, and an expiry that is not in the future are 400 INVALID_BODY, listed under `allowedAgentIds`, `allowedIps` and `expiresAt`.',
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 100 }),
            allowedAgentIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: 100, description: 'Restricts the key to these agents; omitted: all.' })),
            allowedIps: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100, description: 'IPv4/IPv6 addresses or CIDR ranges; omitted or empty: any address.' })),
            expiresAt: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601 date-time in the future.' })),
            quota: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Credits the key may spend in total.' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ success: Type.Literal(true), key: KeySchema, secret: Type.String() }), 400: ErrorSchema, ...SESSION_ERRORS },
      },
    },
    async (request) => {
      const ctx = accountContext(request);
      const { expiresAt, ...fields } = request.body;
      const { record, key } = await createKey(deps.domain, ctx.accountId, { ...fields, expiresAt: expiresAt === undefined ? undefined : Date.parse(expiresAt) });
      return { success: true as const, key: toKeyView(record, deps.domain.clock.now()), secret: key };
    },
  );
}
