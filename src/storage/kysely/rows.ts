// Row ⇄ record mapping, shared by every repository.
import type {
  AccountRecord,
  AgentRecord,
  ApiKeyRecord,
  CreditEntryRecord,
  EventRecord,
  MemberRecord,
  PlanName,
  MemberRole,
  CreditEntryKind,
} from '../../ports/store.ts';
import type {
  AccountsTable,
  AgentsTable,
  ApiKeysTable,
  CreditEntriesTable,
  EventsTable,
  MembersTable,
} from './database.ts';

const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export const toAccount = (row: AccountsTable): AccountRecord => ({
  id: row.id,
  name: row.name,
  plan: row.plan as PlanName,
  creditBalance: row.credit_balance,
  lastRefillAmount: row.last_refill_amount,
  lastRefillAt: row.last_refill_at,
  createdAt: row.created_at,
  nextAllowanceAt: row.next_allowance_at,
});

export const fromAccount = (a: AccountRecord): AccountsTable => ({
  id: a.id,
  name: a.name,
  plan: a.plan,
  credit_balance: a.creditBalance,
  last_refill_amount: a.lastRefillAmount,
  last_refill_at: a.lastRefillAt,
  created_at: a.createdAt,
  next_allowance_at: a.nextAllowanceAt,
});

export const toMember = (row: MembersTable): MemberRecord => ({
  id: row.id,
  accountId: row.account_id,
  email: row.email,
  role: row.role as MemberRole,
  createdAt: row.created_at,
});

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
  helpMessage: row.help_message,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const fromAgent = (a: Omit<AgentRecord, 'handoffEnabled'> & { handoffEnabled?: boolean }): AgentsTable => ({
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
  help_message: a.helpMessage ?? null,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

export const toApiKey = (row: ApiKeysTable): ApiKeyRecord => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  keyHash: row.key_hash,
  keyPrefix: row.key_prefix,
  allowedAgentIds: parseJson<string[]>(row.allowed_agent_ids),
  allowedIps: parseJson<string[]>(row.allowed_ips),
  kind: row.kind === 'publishable' ? 'publishable' : 'secret',
  allowedOrigins: parseJson<string[]>(row.allowed_origins),
  expiresAt: row.expires_at,
  quota: row.quota,
  usageTotal: row.usage_total,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
  createdAt: row.created_at,
});

export const fromApiKey = (k: ApiKeyRecord): ApiKeysTable => ({
  id: k.id,
  account_id: k.accountId,
  name: k.name,
  key_hash: k.keyHash,
  key_prefix: k.keyPrefix,
  allowed_agent_ids: k.allowedAgentIds === null ? null : JSON.stringify(k.allowedAgentIds),
  allowed_ips: k.allowedIps === null ? null : JSON.stringify(k.allowedIps),
  kind: k.kind,
  allowed_origins: k.allowedOrigins === null ? null : JSON.stringify(k.allowedOrigins),
  expires_at: k.expiresAt,
  quota: k.quota,
  usage_total: k.usageTotal,
  last_used_at: k.lastUsedAt,
  revoked_at: k.revokedAt,
  created_at: k.createdAt,
});

export const toCreditEntry = (row: CreditEntriesTable): CreditEntryRecord => ({
  id: row.id,
  accountId: row.account_id,
  kind: row.kind as CreditEntryKind,
  amount: row.amount,
  balanceAfter: row.balance_after,
  agentId: row.agent_id,
  keyId: row.key_id,
  description: row.description,
  createdAt: row.created_at,
});

export const toEvent = (row: EventsTable): EventRecord => ({
  id: row.id,
  accountId: row.account_id,
  type: row.type,
  data: JSON.parse(row.data) as Record<string, unknown>,
  createdAt: row.created_at,
});
