import Type from 'typebox';
import { KNOWN_EVENT_TYPES } from '../../../domain/webhooks/event-types.ts';
import type { ApiApp } from '../../types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../admin-schemas.ts';

/** GET /webhook-event-types: the types this version sends, for the console's subscription choices. */
export function registerListEventTypes(app: ApiApp): void {
  app.get(
    '/webhook-event-types',
    {
      schema: {
        tags: ['Webhooks'],
        operationId: 'listEventTypes',
        summary: 'Event types',
        description:
          'The types this version sends, the names an endpoint subscription takes (another is 400 `INVALID_BODY`); `ping` is always sent.',
        security: ADMIN_SECURITY,
        response: {
          200: Type.Object({ success: Type.Literal(true), types: Type.Array(Type.String()) }),
          ...SESSION_ERRORS,
        },
      },
    },
    async () => ({ success: true as const, types: [...KNOWN_EVENT_TYPES] }),
  );
}
