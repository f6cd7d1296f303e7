import type { DomainDeps, RequestContext } from '../context.ts';
import type { Store } from '../../ports/store.ts';
import type { AgentRecord } from '../../ports/agent-store.ts';
import { AppError } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';
import { defaultModelFor } from '../models/catalog.ts';
import { checkAgentFields, type AgentFields } from './agent-fields.ts';

export async function createAgent(
  deps: Pick<DomainDeps, 'clock' | 'ids' | 'catalog' | 'chatModels'> & { store: Pick<Store, 'transaction'> },
  ctx: RequestContext,
  input: AgentFields & { name: string },
): Promise<AgentRecord> {
  const fields = checkAgentFields(input, deps, ctx.plan);
  const now = deps.clock.now();
  const agent: AgentRecord = {
    id: deps.ids.next('agt'),
    accountId: ctx.accountId,
    name: fields.name as string,
    model: fields.model ?? defaultModelFor(deps.catalog, ctx.plan),
    instructions: fields.instructions ?? '',
    usage: 0,
    storageUsed: 0,
    knowledgeVersion: 0,
    handoffEnabled: fields.handoffEnabled ?? false,
    handoffHours: fields.handoffHours ?? null,
    tools: fields.tools ?? [],
    createdAt: now,
    updatedAt: now,
  };
  await deps.store.transaction(async (tx) => {
    if (!(await tx.accounts.get(ctx.accountId))) throw new AppError('NOT_FOUND', `No account ${ctx.accountId}.`);
    await tx.agents.insert(agent);
    await recordEvent(tx, deps, ctx.accountId, 'agent.created', { agent: { id: agent.id, name: agent.name } });
  });
  return agent;
}
