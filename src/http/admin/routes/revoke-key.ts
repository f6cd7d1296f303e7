import Type from 'typebox';
import { revokeKey } from '../../../domain/keys/create-key.ts';
import { toKeyView } from '../../../domain/keys/key-view.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, KeyParamsSchema, KeySchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** DELETE /accounts/{accountId}/keys/{keyId}: revokes the key; it stays listed as revoked. */
export function registerRevokeKey(app: ApiApp, deps: AdminDeps): void {
  app.delete(
    '/accounts/:accountId/keys/:keyId',
    {
      schema: {
        tags: ['Keys'],
        operationId: 'revokeKey',
        summary: 'Revoke an API key',
        description:
          "Its next request is 401, and a conversation stream it holds open (GET …/conversations/{conversationRef}/stream, the widget's) ends within 5 s with an `AUTH_REQUIRED` frame. Revoking a revoked key changes nothing and answers it again; another account's key is 404 NOT_FOUND.",
        security: ADMIN_SECURITY,
        params: KeyParamsSchema,
        response: { 200: Type.Object({ success: Type.Literal(true), key: KeySchema }), ...SESSION_ERRORS },
      },
    },
    async (request) => {
      const ctx = accountContext(request);
      const key = await revokeKey(deps.domain, ctx.accountId, request.params.keyId);
      return { success: true as const, key: toKeyView(key, deps.domain.clock.now()) };
    },
  );
}
