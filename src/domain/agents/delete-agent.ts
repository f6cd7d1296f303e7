import type { DomainDeps, RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import { AppError } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';

/** Removes the agent with everything it owns, then records `agent.deleted`, in one transaction:
 * by the time the event exists, the agent's knowledge and conversations are gone (SPEC §6). Its
 * widget (publishable) keys, bound to it alone, can never work again: they are revoked with it, so
 * no key list shows them active. A secret key restricted to it keeps its list (it reaches nothing). */
export async function deleteAgent(
  deps: Pick<DomainDeps, 'clock' | 'ids'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  agentId: string,
): Promise<AgentRecord> {
  return deps.store.transaction(async (tx) => {
    const agent = await tx.agents.get(ctx.accountId, agentId);
    if (!agent) throw new AppError('AGENT_NOT_FOUND', 'Agent not found.');
    await tx.agents.delete(ctx.accountId, agentId);
    const now = deps.clock.now();
    for (const key of await tx.keys.list(ctx.accountId))
      if (key.kind === 'publishable' && key.revokedAt === null && key.allowedAgentIds?.includes(agentId))
        await tx.keys.revoke(ctx.accountId, key.id, now);
    await recordEvent(tx, deps, ctx.accountId, 'agent.deleted', { agent: { id: agent.id, name: agent.name } });
    return agent;
  });
}
