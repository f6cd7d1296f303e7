import type { DomainDeps, RequestContext } from '../context.ts';
import type { AgentRecord, Page, PageRequest } from '../../ports/store.ts';
import { AppError } from '../errors.ts';

/** The agent if it belongs to the caller's account; another account's id is simply not found. */
export async function getAgent(deps: DomainDeps, ctx: RequestContext, agentId: string): Promise<AgentRecord> {
  assertAgentAllowed(ctx, agentId);
  const agent = await deps.store.agents.get(ctx.accountId, agentId);
  if (!agent) throw new AppError('AGENT_NOT_FOUND', 'Agent not found.');
  return agent;
}

/** A key restricted to some agents may touch no other (SPEC §5). */
export function assertAgentAllowed(ctx: RequestContext, agentId: string): void {
  const allowed = ctx.key?.allowedAgentIds;
  if (allowed && !allowed.includes(agentId)) throw new AppError('AGENT_NOT_ALLOWED', 'This key may not be used with this agent.');
}

/** The account's agents, newest first; a restricted key sees only its own. */
export async function listAgents(deps: DomainDeps, ctx: RequestContext, page: PageRequest): Promise<Page<AgentRecord>> {
  return deps.store.agents.list(ctx.accountId, page, ctx.key?.allowedAgentIds ?? undefined);
}
