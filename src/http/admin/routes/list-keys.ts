import Type from 'typebox';
import { listKeys } from '../../../domain/keys/list-keys.ts';
import { toKeyView } from '../../../domain/keys/key-view.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, KeySchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/keys: every key of the account, newest first (never a secret). */
export function registerListKeys(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/keys',
    {
      schema: {
        tags: ['Keys'],
        operationId: 'listKeys',
        summary: 'List API keys',
        description: 'Newest first; revoked and expired keys included, with their status.',
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        response: { 200: Type.Object({ success: Type.Literal(true), keys: Type.Array(KeySchema) }), ...SESSION_ERRORS },
      },
    },
    async (request) => {
      const keys = await listKeys(deps.domain, accountContext(request));
      const now = deps.domain.clock.now();
      return { success: true as const, keys: keys.map((key) => toKeyView(key, now)) };
    },
  );
}
