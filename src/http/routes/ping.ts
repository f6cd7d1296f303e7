import Type from 'typebox';
import type { ApiApp, HttpDeps } from '../types.ts';

export const API_VERSION = '1.0.3';

/** GET /ping: public health check; answers once the database does. */
export function registerPing(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/ping',
    {
      config: { public: true },
      schema: {
        tags: ['Health and key'],
        operationId: 'ping',
        summary: 'Health check (no key needed)',
        description:
          "Answers once the database does. Needs no key and is not rate limited; `time` is the server's clock.",
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            status: Type.Literal('ok'),
            version: Type.String(),
            time: Type.String({ format: 'date-time' }),
          }),
        },
      },
    },
    async () => {
      await deps.domain.store.ping();
      return {
        success: true as const,
        status: 'ok' as const,
        version: API_VERSION,
        time: new Date(deps.domain.clock.now()).toISOString(),
      };
    },
  );
}
