import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../domain/errors.ts';
import { STATUS_BY_CODE } from './error-table.ts';
import { authenticateKey } from '../domain/keys/authenticate-key.ts';
import { assertAgentAllowed } from '../domain/agents/agent-access.ts';
import type { HttpDeps } from './types.ts';
import type { ServiceMetrics } from '../observability/service-metrics.ts';
import { admitWidgetKey, pageOrigin } from './widget/widget-access.ts';
import { setRateLimitHeaders } from './rate-limit-headers.ts';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * A 401 names the scheme it wants (RFC 9110 requires a challenge; RFC 6750 gives Bearer's): `Bearer`
 * when no key came, with `error="invalid_token"` when the key is unknown, revoked or expired.
 *
 * The onRequest hook of every route that is not public, in SPEC §5's order: the bearer key
 * (the Authorization header is the only place one is read), its expiry, its address allow-list,
 * the account's rate limit (with RateLimit-* headers on every response from here on), and a
 * restricted key's agents on any /agents/{agentId}… path.
 */
export function createAuthenticationHook(deps: HttpDeps, metrics: ServiceMetrics) {
  const { catalog } = deps.domain;
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // routeOptions is rebuilt on each read (Fastify 5): read it once.
    const routeConfig = request.routeOptions.config;
    // A path or method no route has (a door's own not-found handler) is 404/405 before any key.
    if (routeConfig.public || request.is404) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError('AUTH_REQUIRED', 'A valid API key is required.');
    }
    const invalidToken = (error: unknown): never => {
      if (isAppError(error) && STATUS_BY_CODE[error.code] === 401)
        reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw error;
    };
    const presented = match[1] as string;
    const { key, account } = await authenticateKey(deps.domain, presented, request.ip).catch(invalidToken);
    await admitWidgetKey(deps, key, routeConfig.widget === true, pageOrigin(request.headers), reply).catch(
      invalidToken,
    );

    const decision = await deps.rateLimiter.consume(account.id, catalog.plans[account.plan].requestsPerMinute);
    setRateLimitHeaders(reply, decision);
    if (!decision.allowed) {
      reply.header('Retry-After', decision.resetSeconds);
      metrics.rateLimitRejected(account.plan);
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests: the ${account.plan} plan allows ${decision.limit} per minute.`,
      );
    }

    request.apiKey = key;
    // A key's kind, origins and agents never change: the key itself is what can stop working.
    request.reauthenticate = async () => void (await authenticateKey(deps.domain, presented, request.ip));
    request.ctx = {
      accountId: account.id,
      plan: account.plan,
      key: { id: key.id, name: key.name, allowedAgentIds: key.allowedAgentIds },
      requestId: request.id,
    };
    const agentId = (request.params as Record<string, string | undefined> | undefined)?.agentId;
    if (agentId !== undefined) assertAgentAllowed(request.ctx, agentId);
  };
}
