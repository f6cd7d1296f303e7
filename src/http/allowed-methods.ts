// Which methods a path has, for 405 METHOD_NOT_ALLOWED with an `Allow` header. Fastify 5 sends
// an unknown method on a known path to the not-found handler and has no lookup by concrete URL
// (findRoute takes the route pattern), so every route is also recorded in a find-my-way router of
// its own, the library Fastify routes with, under the same options.
import FindMyWay from 'find-my-way';
import type { ApiApp } from './types.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

export interface AllowedMethods {
  /** The methods some route answers on this path (no query string); empty when none does. */
  of(path: string): Method[];
}

/** Records the routes registered from now on (call it before registering them). */
export function recordAllowedMethods(
  app: ApiApp,
  routerOptions: { ignoreTrailingSlash: boolean; maxParamLength: number },
): AllowedMethods {
  const router = FindMyWay({ ...routerOptions, defaultRoute: () => undefined });
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (!(METHODS as readonly string[]).includes(method) || seen.has(key)) continue;
      seen.add(key);
      router.on(method as Method, route.url, () => undefined);
    }
  });
  return {
    of: (path) => METHODS.filter((method) => router.find(method, path) !== null),
  };
}
