// The embeddable widget's routes under /api/v1/widget, for publishable keys only (widget-access.ts),
// with CORS. A preflight carries no Authorization header, so the widget names its (public) key in
// the URL's `key` parameter: the preflight is granted only to an origin that key lists, and grants
// nothing otherwise. The key in the URL opens nothing: each real request is judged by its header.
import Type from 'typebox';
import { AppError } from '../../domain/errors.ts';
import { findPublishableKey, listsOrigin, recordWidgetRefusal } from '../../domain/widget/widget-refusals.ts';
import { UnauthorizedSchema, ErrorSchema } from '../schemas.ts';
import type { ApiApp, HttpDeps } from '../types.ts';
import { pageOrigin } from './widget-access.ts';
import { VISITOR_HEADERS } from './widget-visitor.ts';
import {
  registerWidgetChat,
  registerWidgetConversation,
  registerWidgetFeedback,
  registerWidgetFollow,
  registerWidgetHandoff,
  registerWidgetVisitors,
} from './widget-routes.ts';

export const WIDGET_PREFIX = '/widget';

const KEY_MAX = 200;
const presentedKey = (query: unknown): string | undefined => {
  const key = (query as { key?: unknown } | undefined)?.key;
  return typeof key === 'string' && key.length > 0 && key.length <= KEY_MAX ? key : undefined;
};

function registerPreflight(door: ApiApp, deps: HttpDeps): void {
  door.options('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    const key = presentedKey(request.query);
    const publishable = key === undefined ? undefined : await findPublishableKey(deps.domain, key);
    reply.header('Vary', 'Origin');
    if (!publishable || !listsOrigin(publishable, origin)) return reply.code(204).send();
    return reply
      .header('Access-Control-Allow-Origin', origin)
      .header('Access-Control-Allow-Methods', 'GET, POST')
      .header('Access-Control-Allow-Headers', ['authorization', 'content-type', ...VISITOR_HEADERS].join(', '))
      .header('Access-Control-Max-Age', '600')
      .code(204)
      .send();
  });
}

/** GET /widget/access?key=…: may this page's widget use this key? A request a browser sends
 * without a preflight, so a widget whose preflight was refused can still learn why, and say so. */
function registerAccessCheck(door: ApiApp, deps: HttpDeps): void {
  const querystring = Type.Object({
    key: Type.String({ minLength: 1, maxLength: KEY_MAX, description: 'The publishable key (`cq_pub_…`).' }),
  });
  const description =
    "Needs no Authorization header (so a browser sends it without a CORS preflight) and answers any origin. A refused origin is counted in the key's recent refusals (console, admin API). " +
    "The widget routes' preflights need the same `key` parameter in the URL: a preflight carries no Authorization header, and is granted only to an origin the key lists.";
  door.get(
    '/access',
    {
      config: { public: true, openapi: { errors: ['AUTH_REQUIRED', 'ORIGIN_NOT_ALLOWED'] } },
      schema: {
        operationId: 'widgetCheckAccess',
        tags: ['Widget'],
        summary: 'Check the page’s origin against a publishable key',
        description,
        security: [],
        querystring,
        response: {
          200: Type.Object({ success: Type.Literal(true), origin: Type.String() }),
          401: UnauthorizedSchema,
          403: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const origin = pageOrigin(request.headers);
      // The answer tells a page only about its own origin: any page may read it.
      if (request.headers.origin)
        reply.header('Access-Control-Allow-Origin', request.headers.origin).header('Vary', 'Origin');
      const key = await findPublishableKey(deps.domain, request.query.key);
      if (!key)
        throw new AppError('AUTH_REQUIRED', 'This is not a working publishable key (unknown, revoked or expired).');
      if (!listsOrigin(key, origin)) {
        await recordWidgetRefusal(deps.domain, key, 'origin', origin);
        throw new AppError(
          'ORIGIN_NOT_ALLOWED',
          `The publishable key ${key.keyPrefix}… does not allow pages of ${origin ?? 'an unknown origin'}.`,
        );
      }
      return { success: true as const, origin };
    },
  );
}

export function registerWidgetDoor(deps: HttpDeps) {
  return async function widgetDoor(door: ApiApp): Promise<void> {
    registerPreflight(door, deps);
    registerAccessCheck(door, deps);
    registerWidgetVisitors(door, deps);
    registerWidgetConversation(door, deps);
    registerWidgetChat(door, deps);
    registerWidgetFeedback(door, deps);
    registerWidgetHandoff(door, deps);
    registerWidgetFollow(door, deps);
  };
}
