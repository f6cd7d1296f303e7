// A JSON-RPC batch carries several MCP requests in one HTTP request. The authentication hook
// counted the HTTP request once; each further message counts too, so a batch of tool calls is
// held to the plan's requests per minute as the same calls sent one by one are.
import type { FastifyReply } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import type { RequestContext } from '../../domain/context.ts';
import type { HttpDeps } from '../types.ts';
import { setRateLimitHeaders } from '../rate-limit-headers.ts';

/** Counts the messages of a batch after the first; 429 `RATE_LIMITED` for the whole batch when any is over. */
export async function consumeBatch(deps: HttpDeps, ctx: RequestContext, body: unknown, reply: FastifyReply) {
  if (!Array.isArray(body) || body.length < 2) return;
  const requestsPerMinute = deps.domain.catalog.plans[ctx.plan].requestsPerMinute;
  const decisions = await Promise.all(
    Array.from({ length: body.length - 1 }, () => deps.rateLimiter.consume(ctx.accountId, requestsPerMinute)),
  );
  const last = decisions.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  setRateLimitHeaders(reply, last);
  if (decisions.every((decision) => decision.allowed)) return;
  reply.header('Retry-After', last.resetSeconds);
  // Counted with the authentication hook's refusals: the same per-account limit said no.
  reply.server.metrics.rateLimitRejected(ctx.plan);
  throw new AppError(
    'RATE_LIMITED',
    `Too many requests: this batch of ${body.length} counts as ${body.length} requests, and the ${ctx.plan} plan allows ${last.limit} per minute.`,
  );
}
