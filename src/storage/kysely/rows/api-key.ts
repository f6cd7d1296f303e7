import type { ApiKeyRecord } from '../../../ports/api-key-store.ts';
import type { ApiKeysTable } from '../schema/api-key.ts';
import { parseJson } from './json.ts';

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
