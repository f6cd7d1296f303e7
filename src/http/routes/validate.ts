import Type from 'typebox';
import { AppError } from '../../domain/errors.ts';
import { toCredits } from '../../domain/credits/units.ts';
import { AUTHENTICATED_ERRORS, SECURITY } from '../schemas.ts';
import type { ApiApp, HttpDeps } from '../types.ts';

/** GET /validate: confirms the key works and reports what it has spent. */
export function registerValidate(app: ApiApp, _deps: HttpDeps): void {
  app.get(
    '/validate',
    {
      schema: {
        tags: ['Health and key'],
        operationId: 'validate',
        summary: 'Confirm that the key works',
        description:
          'What the key has spent: `usage.total` credits charged to it (refunds deducted), and `quotaLimit`, its credit quota (0 when it has none).',
        security: SECURITY,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            valid: Type.Literal(true),
            usage: Type.Object({
              total: Type.Number({ description: 'Credits charged to this key so far (refunds deducted).' }),
              quotaLimit: Type.Number({ description: "The key's credit quota; 0 when it has none." }),
            }),
          }),
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      // The key row authentication read for this very request: one read in all.
      const key = request.apiKey;
      if (!key) throw new AppError('AUTH_REQUIRED', 'A valid API key is required.');
      return {
        success: true as const,
        valid: true as const,
        usage: { total: toCredits(key.usageTotal), quotaLimit: key.quota === null ? 0 : toCredits(key.quota) },
      };
    },
  );
}
