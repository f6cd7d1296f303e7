import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { DomainDeps, RequestContext } from '../domain/context.ts';
import type { RateLimiter } from '../ports/rate-limiter.ts';
import type { ApiKeyRecord } from '../ports/store.ts';

export type ApiApp = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface HttpDeps {
  domain: DomainDeps;
  rateLimiter: RateLimiter;
  server: { bodyLimit: number; trustedProxies: string[]; logLevel: string; shutdownGraceMs?: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Fires when shutdown's grace period is over: work still running for a request stops. */
    shutdownSignal: AbortSignal;
  }
  interface FastifyRequest {
    /** Set by authentication on every route that requires a key. */
    ctx: RequestContext | null;
    /** The key record authentication read for this request. */
    apiKey: ApiKeyRecord | null;
  }
  interface FastifyContextConfig {
    /** Routes that need no key (GET /ping, the OpenAPI document). */
    public?: boolean;
  }
}

/** The caller's context; only routes behind authentication call this. */
export function requireContext(request: { ctx: RequestContext | null }): RequestContext {
  if (!request.ctx) throw new Error('route reached without authentication');
  return request.ctx;
}
