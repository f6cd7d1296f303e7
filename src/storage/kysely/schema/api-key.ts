export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  allowed_agent_ids: string | null;
  allowed_ips: string | null;
  kind: string;
  allowed_origins: string | null;
  expires_at: number | null;
  quota: number | null;
  usage_total: number;
  last_used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
}
