import type { DomainDeps, RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import { AppError, invalidBody } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';
import { checkAgentFields, type AgentFields } from './agent-fields.ts';
import { assertAgentAllowed } from './agent-access.ts';

/** Saves the given fields; records `agent.updated` when the name, model or instructions are among
 * them (SPEC §6: the event is for those three; tools, handoff and the help message are Colloquy's
 * own settings and change without it). */
export async function updateAgent(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'chatModels'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  agentId: string,
  input: AgentFields,
): Promise<AgentRecord> {
  assertAgentAllowed(ctx, agentId);
  if (
    input.name === undefined &&
    input.model === undefined &&
    input.instructions === undefined &&
    input.tools === undefined &&
    input.handoffEnabled === undefined &&
    input.handoffHours === undefined &&
    input.helpMessage === undefined
  ) {
    throw invalidBody({ body: ['must contain at least one of name, instructions, model, handoff'] });
  }
  const fields = checkAgentFields(input, deps, ctx.plan);
  return deps.store.transaction(async (tx) => {
    const agent = await tx.agents.update(ctx.accountId, agentId, { ...fields, updatedAt: deps.clock.now() });
    if (!agent) throw new AppError('AGENT_NOT_FOUND', 'Agent not found.');
    if (input.name !== undefined || input.model !== undefined || input.instructions !== undefined)
      await recordEvent(tx, deps, ctx.accountId, 'agent.updated', { agent: { id: agent.id, name: agent.name } });
    return agent;
  });
}
