// API-key lookups (every authenticated request makes one) answered from this process's memory,
// dropped the moment a change feed says the key or its account changed. While the feed is not
// live (connecting, reconnecting), every lookup goes to the database and nothing is kept.
import type { AccountRecord } from '../ports/account-store.ts';
import type { ApiKeyRecord, ApiKeyStore } from '../ports/api-key-store.ts';

export type KeyChange = { kind: 'key' | 'account'; id: string } | { kind: 'all' };

export interface KeyChangeFeed {
  /** True only while every change is being heard. */
  readonly live: boolean;
  /** Called before each lookup: a feed that polls (SQLite's version row) checks here. */
  refresh?(): void;
  onChange(listener: (change: KeyChange) => void): void;
  close(): Promise<void>;
}

type Found = { key: ApiKeyRecord; account: AccountRecord };

export interface KeyCacheOptions {
  maxEntries?: number;
  /** A backstop: an entry is read again from the database after this long whatever the feed said. */
  ttlMs?: number;
  now?: () => number;
}

export function cacheKeyLookups(keys: ApiKeyStore, feed: KeyChangeFeed, options: KeyCacheOptions = {}): ApiKeyStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const ttlMs = options.ttlMs ?? 300_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { found: Found; at: number }>();
  const hashByKeyId = new Map<string, string>();
  // Bumped by every change heard: a lookup that was in flight meanwhile may have read the old row.
  let generation = 0;

  const forget = (hash: string): void => {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    hashByKeyId.delete(entry.found.key.id);
  };
  feed.onChange((change) => {
    generation++;
    if (change.kind === 'all') {
      entries.clear();
      hashByKeyId.clear();
    } else if (change.kind === 'key') {
      const hash = hashByKeyId.get(change.id);
      if (hash) forget(hash);
    } else {
      for (const [hash, entry] of entries) if (entry.found.account.id === change.id) forget(hash);
    }
  });

  return {
    ...keys,
    async findByHash(keyHash) {
      feed.refresh?.();
      const entry = entries.get(keyHash);
      if (entry && feed.live && now() - entry.at < ttlMs) return entry.found;
      const before = generation;
      const found = await keys.findByHash(keyHash);
      // Unknown keys are not kept: guessing keys must not fill memory.
      if (found && feed.live && generation === before) {
        forget(keyHash);
        if (entries.size >= maxEntries) forget(entries.keys().next().value as string);
        entries.set(keyHash, { found, at: now() });
        hashByKeyId.set(found.key.id, keyHash);
      }
      return found;
    },
    async touch(keyId, at) {
      await keys.touch(keyId, at);
      // The feed does not announce last-use times: keep this process's copy current itself.
      const hash = hashByKeyId.get(keyId);
      const entry = hash ? entries.get(hash) : undefined;
      if (entry) entry.found = { ...entry.found, key: { ...entry.found.key, lastUsedAt: at } };
    },
  };
}
