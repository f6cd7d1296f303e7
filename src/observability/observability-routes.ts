// The operator's routes, outside /api/v1 and off its authentication and rate limit: /healthz (the
// process is alive), /readyz (its dependencies answer) and, unless it has a port of its own, /metrics.
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '../config.ts';
import type { Readiness } from './readiness.ts';
import type { ServiceMetrics } from './service-metrics.ts';
import { hasMetricsToken } from './metrics-token.ts';

export interface Observability {
  metrics: ServiceMetrics;
  config: MetricsConfig;
  readiness: Readiness;
}

/** Counts every answered request by its route pattern; requests no route matched count as `unmatched`. */
export function installRequestMetrics(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

export function registerObservabilityRoutes(app: FastifyInstance, { metrics, config, readiness }: Observability): void {
  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ status: 'ok' }));
  app.get('/readyz', hidden, async (_request, reply) => {
    const { ready, checks } = await readiness.check();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });
  if (!config.enabled || config.port !== null) return;
  app.get('/metrics', hidden, async (request, reply) => {
    if (!hasMetricsToken(config.token, request.headers.authorization))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'A metrics token is required.', code: 'AUTH_REQUIRED' });
    return reply.type(metrics.contentType).send(await metrics.collect());
  });
}
