// The spec's RateLimit-* headers from one rate-limit decision, written the same way by every
// limit an HTTP request meets (the account's, a widget visitor's, an MCP batch's).
import type { FastifyReply } from 'fastify';
import type { RateLimitDecision } from '../ports/rate-limiter.ts';

export function setRateLimitHeaders(reply: FastifyReply, decision: RateLimitDecision): void {
  reply.header('RateLimit-Limit', decision.limit);
  reply.header('RateLimit-Remaining', decision.remaining);
  reply.header('RateLimit-Reset', decision.resetSeconds);
}
