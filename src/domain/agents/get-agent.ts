import type { RequestContext } from '../context.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import type { Store } from '../../ports/store.ts';
import { AppError } from '../errors.ts';
import { assertAgentAllowed } from './agent-access.ts';

/** The agent if it belongs to the caller's account; another account's id is simply not found. */
export async function getAgent(
  deps: { store: Pick<Store, 'agents'> },
  ctx: RequestContext,
  agentId: string,
): Promise<AgentRecord> {
  assertAgentAllowed(ctx, agentId);
  const agent = await deps.store.agents.get(ctx.accountId, agentId);
  if (!agent) throw new AppError('AGENT_NOT_FOUND', 'Agent not found.');
  return agent;
}
