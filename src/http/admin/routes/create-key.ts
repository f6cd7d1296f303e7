import Type from 'typebox';
import { createKey } from '../../../domain/keys/create-key.ts';
import { toKeyView } from '../../../domain/keys/key-view.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, KeyKindSchema, KeySchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** POST /accounts/{accountId}/keys: a new API key; its secret is in this answer only. With
 * `kind: "publishable"` it is a widget key, checked by the same domain function as the CLI's. */
export function registerCreateKey(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/keys',
    {
      schema: {
        tags: ['Keys'],
        operationId: 'createKey',
        summary: 'Create an API key',
        description:
          '`secret` (`cq_…`, or `cq_pub_…` for a publishable key) is shown this once; only a hash is kept. Agents not in the account, entries that are not an IP or CIDR range, and an expiry that is not in the future are 400 INVALID_BODY, listed under `allowedAgentIds`, `allowedIps` and `expiresAt`. ' +
          'A publishable key (`kind: "publishable"`) needs exactly one agent in `allowedAgentIds` and at least one origin (`scheme://host[:port]`) in `allowedOrigins`, else 400 INVALID_BODY listing those fields; `allowedOrigins` on a secret key is refused the same way. Its answer also carries the agent\'s `identitySecret` (for signing user ids; the same for every publishable key of the agent).',
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 100 }),
            allowedAgentIds: Type.Optional(
              Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
                minItems: 1,
                maxItems: 100,
                description: 'Restricts the key to these agents; omitted: all.',
              }),
            ),
            allowedIps: Type.Optional(
              Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
                maxItems: 100,
                description: 'IPv4/IPv6 addresses or CIDR ranges; omitted or empty: any address.',
              }),
            ),
            expiresAt: Type.Optional(
              Type.String({ format: 'date-time', description: 'ISO 8601 date-time in the future.' }),
            ),
            quota: Type.Optional(
              Type.Number({
                exclusiveMinimum: 0,
                description:
                  'Credits the key may spend in total: 0.001 to 1,000,000,000, in whole thousandths (a finer part is 400 INVALID_BODY).',
              }),
            ),
            kind: Type.Optional(KeyKindSchema),
            allowedOrigins: Type.Optional(
              Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
                maxItems: 100,
                description: 'A publishable key: the page origins (`https://www.example.com`) its widget may run on.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            key: KeySchema,
            secret: Type.String(),
            identitySecret: Type.Optional(
              Type.String({
                description:
                  "A publishable key only: the agent's identity secret, the HMAC-SHA256 key for `data-user-hash`. Keep it on your server.",
              }),
            ),
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const ctx = accountContext(request);
      const { expiresAt, ...fields } = request.body;
      const { record, key, identitySecret } = await createKey(deps.domain, ctx.accountId, {
        ...fields,
        expiresAt: expiresAt === undefined ? undefined : Date.parse(expiresAt),
      });
      return {
        success: true as const,
        key: toKeyView(record, deps.domain.clock.now()),
        secret: key,
        ...(identitySecret && { identitySecret }),
      };
    },
  );
}
