import type { CatalogConfig } from '../models/catalog-types.ts';
import type { AgentRecord, ClientTool } from '../../ports/agent-store.ts';
import type { PlanName } from '../../ports/account-store.ts';
import type { HandoffHours } from '../../ports/handoff-hours.ts';
import { toCredits } from '../credits/units.ts';

/** The Agent resource of SPEC §2. `usage` is the credits the agent has consumed, in total. */
export interface PublicAgent {
  id: string;
  name: string;
  model: string;
  instructions: string;
  usage: number;
  createdAt: string;
  /** Colloquy's extension, only when not the default (off, no hours), so SPEC's fields stay as they are. */
  handoff?: { enabled: boolean; hours: HandoffHours | null };
}

export interface PublicAgentWithStorage extends PublicAgent {
  storage: { used: number; limit: number };
}

/** The console's view: the public one with the client tools the model may call. */
export interface ConsoleAgent extends PublicAgentWithStorage {
  tools: ClientTool[];
}

export function toPublicAgent(agent: AgentRecord): PublicAgent {
  return {
    id: agent.id,
    name: agent.name,
    model: agent.model,
    instructions: agent.instructions,
    usage: toCredits(agent.usage),
    createdAt: new Date(agent.createdAt).toISOString(),
    ...((agent.handoffEnabled || agent.handoffHours) && {
      handoff: { enabled: agent.handoffEnabled, hours: agent.handoffHours },
    }),
  };
}

export function toPublicAgentWithStorage(
  agent: AgentRecord,
  catalog: CatalogConfig,
  plan: PlanName,
): PublicAgentWithStorage {
  return { ...toPublicAgent(agent), storage: { used: agent.storageUsed, limit: catalog.plans[plan].storageLimit } };
}

export function toConsoleAgent(agent: AgentRecord, catalog: CatalogConfig, plan: PlanName): ConsoleAgent {
  return { ...toPublicAgentWithStorage(agent, catalog, plan), tools: agent.tools };
}
