import Type from 'typebox';
import { listWidgetRefusals, REFUSALS_KEPT_PER_KEY } from '../../../domain/widget/widget-refusals.ts';
import { isoTime } from '../../../domain/iso-time.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountContext } from './account-context.ts';

const RefusalSchema = Type.Object({
  keyId: Type.String(),
  reason: Type.Union([Type.Literal('origin'), Type.Literal('user-hash')], {
    description:
      '`origin`: a page whose origin the key does not list (403 `ORIGIN_NOT_ALLOWED`). `user-hash`: a signed-in user id whose `data-user-hash` does not match (401 `USER_HASH_INVALID`).',
  }),
  origin: Type.Union([Type.String(), Type.Null()], {
    description: 'The page’s origin as the browser sent it; null when it sent none.',
  }),
  count: Type.Integer({ description: 'Refusals of this key for this reason and origin since `firstAt`.' }),
  firstAt: Type.String({ format: 'date-time' }),
  lastAt: Type.String({ format: 'date-time' }),
});

/** GET /accounts/{accountId}/widget-refusals: what the widget routes recently refused, per key. */
export function registerListWidgetRefusals(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/widget-refusals',
    {
      schema: {
        tags: ['Keys'],
        operationId: 'listWidgetRefusals',
        summary: 'Recent refusals of publishable keys',
        description: `Latest first: why the widget did not work where a publishable key was used (an origin the key does not list, a wrong user hash), one entry per key, reason and origin, counted. Each key keeps its ${REFUSALS_KEPT_PER_KEY} latest entries.`,
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), refusals: Type.Array(RefusalSchema) }),
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const refusals = await listWidgetRefusals(deps.domain, accountContext(request));
      return {
        success: true as const,
        refusals: refusals.map((refusal) => ({
          keyId: refusal.keyId,
          reason: refusal.reason,
          origin: refusal.origin === '' ? null : refusal.origin,
          count: refusal.times,
          firstAt: isoTime(refusal.firstAt),
          lastAt: isoTime(refusal.lastAt),
        })),
      };
    },
  );
}
