import type { AccountRecord } from './account-store.ts';

export type KeyKind = 'secret' | 'publishable';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  keyHash: string;
  keyPrefix: string;
  allowedAgentIds: string[] | null;
  allowedIps: string[] | null;
  /** `publishable`: a widget key, bound to one agent and to `allowedOrigins`, accepted
   * only by the widget routes. */
  kind: KeyKind;
  allowedOrigins: string[] | null;
  expiresAt: number | null;
  quota: number | null;
  usageTotal: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

export interface ApiKeyStore {
  insert(key: ApiKeyRecord): Promise<void>;
  /** The key with this hash and its account, whatever their state (the caller checks it). */
  findByHash(keyHash: string): Promise<{ key: ApiKeyRecord; account: AccountRecord } | undefined>;
  get(accountId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  list(accountId: string): Promise<ApiKeyRecord[]>;
  revoke(accountId: string, keyId: string, at: number): Promise<boolean>;
  touch(keyId: string, at: number): Promise<void>;
  /** Adds to the key's usage unless that would pass its quota; false when it would. */
  addUsageWithinQuota(keyId: string, amount: number): Promise<boolean>;
  /** Operator lookup (CLI only): the account that owns a key. */
  ownerOf(keyId: string): Promise<string | undefined>;
}
