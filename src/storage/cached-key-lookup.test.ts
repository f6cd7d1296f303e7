import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AccountRecord } from '../ports/account-store.ts';
import type { ApiKeyRecord, ApiKeyStore } from '../ports/api-key-store.ts';
import { cacheKeyLookups, type KeyChange, type KeyChangeFeed } from './cached-key-lookup.ts';

function fixture() {
  const rows = new Map<string, { key: ApiKeyRecord; account: AccountRecord }>();
  rows.set('h1', {
    key: { id: 'key_1', accountId: 'acc_1', lastUsedAt: null } as ApiKeyRecord,
    account: { id: 'acc_1' } as AccountRecord,
  });
  let reads = 0;
  const store = {
    findByHash: async (hash: string) => (reads++, rows.get(hash)),
    touch: async () => {},
  } as unknown as ApiKeyStore;
  const listeners: Array<(change: KeyChange) => void> = [];
  const feed = {
    live: true,
    onChange: (l: (change: KeyChange) => void) => void listeners.push(l),
    close: async () => {},
  } as KeyChangeFeed & { live: boolean };
  return {
    rows,
    store,
    feed,
    reads: () => reads,
    announce: (change: KeyChange) => listeners.forEach((l) => l(change)),
  };
}

test('lookups are answered from memory until the key or its account changes', async () => {
  const f = fixture();
  const keys = cacheKeyLookups(f.store, f.feed);
  await keys.findByHash('h1');
  await keys.findByHash('h1');
  assert.equal(f.reads(), 1);
  f.announce({ kind: 'key', id: 'key_1' });
  await keys.findByHash('h1');
  assert.equal(f.reads(), 2);
  f.announce({ kind: 'account', id: 'acc_1' });
  await keys.findByHash('h1');
  f.announce({ kind: 'all' });
  await keys.findByHash('h1');
  assert.equal(f.reads(), 4);
});

test('unknown keys are never kept, and nothing is kept or served while the feed is not live', async () => {
  const f = fixture();
  const keys = cacheKeyLookups(f.store, f.feed);
  await keys.findByHash('nope');
  await keys.findByHash('nope');
  assert.equal(f.reads(), 2);
  await keys.findByHash('h1');
  f.feed.live = false;
  await keys.findByHash('h1');
  await keys.findByHash('h1');
  assert.equal(f.reads(), 5);
});

test('a change heard while a lookup is in flight keeps its (possibly old) answer out of memory', async () => {
  const f = fixture();
  const slow = {
    ...f.store,
    findByHash: async (hash: string) => {
      const found = await f.store.findByHash(hash);
      f.announce({ kind: 'key', id: 'key_1' });
      return found;
    },
  } as ApiKeyStore;
  const keys = cacheKeyLookups(slow, f.feed);
  await keys.findByHash('h1');
  await keys.findByHash('h1');
  assert.equal(f.reads(), 2);
});

test('touch keeps the cached last-use time current', async () => {
  const f = fixture();
  const keys = cacheKeyLookups(f.store, f.feed);
  await keys.findByHash('h1');
  await keys.touch('key_1', 1234);
  assert.equal((await keys.findByHash('h1'))?.key.lastUsedAt, 1234);
  assert.equal(f.reads(), 1);
});
