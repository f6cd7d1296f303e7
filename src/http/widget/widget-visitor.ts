// The visitor behind a widget request: the agent is the publishable key's one, the visitor is
// proven by an issued visitor id or a signed user id (headers), and each visitor has their own
// rate limit inside the account's (which authentication already counted).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../domain/context.ts';
import { AppError, isAppError } from '../../domain/errors.ts';
import { identitySecret, visitorConversationUser } from '../../domain/widget/visitor-identity.ts';
import { recordWidgetRefusal } from '../../domain/widget/widget-refusals.ts';
import { requireContext, type HttpDeps } from '../types.ts';
import { pageOrigin } from './widget-access.ts';
import { setRateLimitHeaders } from '../rate-limit-headers.ts';

/** Requests per minute one visitor may make; the account's own limit still applies to all. */
export const VISITOR_REQUESTS_PER_MINUTE = 20;

export const VISITOR_HEADERS = ['x-colloquy-visitor', 'x-colloquy-user', 'x-colloquy-user-hash'];

export interface WidgetVisitor {
  ctx: RequestContext;
  agentId: string;
  /** The conversation userId this visitor owns. */
  conversationUser: string;
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/** The publishable key's one agent. */
export function widgetAgent(request: FastifyRequest): { ctx: RequestContext; agentId: string } {
  const ctx = requireContext(request);
  const agentId = request.apiKey?.allowedAgentIds?.[0];
  if (!agentId) throw new Error('widget route reached without a publishable key');
  return { ctx, agentId };
}

export async function resolveVisitor(
  deps: HttpDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<WidgetVisitor> {
  const { ctx, agentId } = widgetAgent(request);
  const secret = await identitySecret(deps.domain, ctx, agentId);
  let conversationUser: string;
  try {
    conversationUser = visitorConversationUser(secret, {
      visitorId: header(request, 'x-colloquy-visitor'),
      userId: header(request, 'x-colloquy-user'),
      userHash: header(request, 'x-colloquy-user-hash'),
    });
  } catch (error) {
    // A wrong data-user-hash is the integrator's mistake: counted where the site owner looks.
    if (isAppError(error) && error.code === 'USER_HASH_INVALID' && request.apiKey)
      await recordWidgetRefusal(deps.domain, request.apiKey, 'user-hash', pageOrigin(request.headers));
    throw error;
  }
  const bucket = `visitor:${createHash('sha256').update(`${ctx.key?.id}:${conversationUser}`).digest('hex')}`;
  const decision = await deps.rateLimiter.consume(bucket, VISITOR_REQUESTS_PER_MINUTE);
  // The RateLimit-* headers describe the limit closest to running out, so a 429 never says
  // thousands of requests are left in the account's window.
  if (decision.remaining < Number(reply.getHeader('RateLimit-Remaining') ?? Infinity))
    setRateLimitHeaders(reply, decision);
  if (!decision.allowed) {
    reply.header('Retry-After', decision.resetSeconds);
    throw new AppError(
      'RATE_LIMITED',
      `Too many messages: one visitor may send ${VISITOR_REQUESTS_PER_MINUTE} requests a minute.`,
    );
  }
  return { ctx, agentId, conversationUser };
}
