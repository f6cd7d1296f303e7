// The embeddable widget's routes under /api/v1/widget, for publishable keys only (widget-access.ts),
// with CORS: a preflight names what a widget may send; each real answer allows only the key's
// origins (a preflight carries no key, so it grants nothing by itself).
import type { ApiApp, HttpDeps } from '../types.ts';
import { VISITOR_HEADERS } from './widget-visitor.ts';
import { registerWidgetChat, registerWidgetConversation, registerWidgetFeedback, registerWidgetVisitors } from './widget-routes.ts';

export const WIDGET_PREFIX = '/widget';

export function registerWidgetDoor(deps: HttpDeps) {
  return async function widgetDoor(door: ApiApp): Promise<void> {
    door.options('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const origin = request.headers.origin;
      if (origin) reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
      return reply
        .header('Access-Control-Allow-Methods', 'GET, POST')
        .header('Access-Control-Allow-Headers', ['authorization', 'content-type', ...VISITOR_HEADERS].join(', '))
        .header('Access-Control-Max-Age', '600')
        .code(204)
        .send();
    });
    registerWidgetVisitors(door, deps);
    registerWidgetConversation(door, deps);
    registerWidgetChat(door, deps);
    registerWidgetFeedback(door, deps);
  };
}
