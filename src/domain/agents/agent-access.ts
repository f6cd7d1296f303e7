import type { RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';

/** A key restricted to some agents may touch no other (SPEC §5), existing or not. */
export function assertAgentAllowed(ctx: RequestContext, agentId: string): void {
  const allowed = ctx.key?.allowedAgentIds;
  if (allowed && !allowed.includes(agentId))
    throw new AppError('AGENT_NOT_ALLOWED', 'This key may not be used with this agent.');
}
