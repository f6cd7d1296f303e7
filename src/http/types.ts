import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DomainDeps, RequestContext } from '../domain/context.ts';
import type { RateLimiter } from '../ports/rate-limiter.ts';
import type { ApiKeyRecord } from '../ports/api-key-store.ts';
import type { RouteDocumentation } from './openapi/route-documentation.ts';
import type { Observability } from '../observability/observability-routes.ts';
import type { ServiceMetrics } from '../observability/service-metrics.ts';

export type ApiApp = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface HttpDeps {
  domain: DomainDeps;
  rateLimiter: RateLimiter;
  server: { bodyLimit: number; trustedProxies: string[]; logLevel: string; shutdownGraceMs?: number };
  /** Where log lines go; standard output when absent (tests read the lines). */
  logStream?: { write(line: string): void };
  /** Metrics and readiness (src/observability/); defaults to metrics on the API's port without a token. */
  observability?: Observability;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Fires when shutdown's grace period is over: work still running for a request stops. */
    shutdownSignal: AbortSignal;
    /** This process's metrics (SSE streams are counted where they start). */
    metrics: ServiceMetrics;
  }
  interface FastifyRequest {
    /** Set by authentication on every route that requires a key. */
    ctx: RequestContext | null;
    /** The key record authentication read for this request. */
    apiKey: ApiKeyRecord | null;
    /** Set by authentication: the same check again, for a stream that outlives its request
     * (http/stream-authentication.ts); throws the refusal a new request would get. */
    reauthenticate: (() => Promise<void>) | null;
  }
  interface FastifyContextConfig {
    /** Routes that need no key (GET /ping, the OpenAPI document). */
    public?: boolean;
    /** What the OpenAPI document must say beyond the route's schema (http/openapi/). */
    openapi?: RouteDocumentation;
    /** The widget's routes: publishable keys only (http/widget/). */
    widget?: boolean;
  }
}

/** The caller's context; only routes behind authentication call this. */
export function requireContext(request: { ctx: RequestContext | null }): RequestContext {
  if (!request.ctx) throw new Error('route reached without authentication');
  return request.ctx;
}
