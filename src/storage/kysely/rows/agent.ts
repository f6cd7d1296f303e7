import type { AgentRecord, NewAgent } from '../../../ports/agent-store.ts';
import type { HandoffHours } from '../../../ports/handoff-hours.ts';
import type { AgentsTable } from '../schema/agent.ts';
import { parseJson } from './json.ts';

export const toAgent = (row: AgentsTable): AgentRecord => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  model: row.model,
  instructions: row.instructions,
  usage: row.usage,
  storageUsed: row.storage_used,
  knowledgeVersion: row.knowledge_version,
  tools: parseJson<AgentRecord['tools']>(row.tools) ?? [],
  handoffEnabled: Number(row.handoff_enabled) === 1,
  handoffHours: parseJson<HandoffHours>(row.handoff_hours) ?? null,
  helpMessage: row.help_message,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const fromAgent = (a: NewAgent): AgentsTable => ({
  id: a.id,
  account_id: a.accountId,
  name: a.name,
  model: a.model,
  instructions: a.instructions,
  usage: a.usage,
  storage_used: a.storageUsed,
  knowledge_version: a.knowledgeVersion,
  storage_reserved_at: 0,
  tools: JSON.stringify(a.tools),
  handoff_enabled: a.handoffEnabled ? 1 : 0,
  handoff_hours: a.handoffHours ? JSON.stringify(a.handoffHours) : null,
  help_message: a.helpMessage ?? null,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});
